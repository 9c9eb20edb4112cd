import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import type { Generation } from '@studio/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface GenerationProgressProps {
  /** Null between the click and the server's answer. */
  generation: Generation | null;
  onCancel?: () => void;
  canceling?: boolean;
  cancelFailed?: boolean;
  /** The last poll could not reach the server (it keeps being retried). */
  connectionLost?: boolean;
}

/** Whether the browser is online, as TanStack Query sees it: what pauses and resumes its calls. */
const isOnline = () => onlineManager.isOnline();
const onlineChanges = (listener: () => void) => onlineManager.subscribe(listener);

/**
 * What the run does while the connection is gone (ADR 024). An accepted run goes on at the
 * server and polling picks it up again; a start not yet sent waits and is sent once (its
 * Idempotency-Key makes a repeat return the same generation), so it is charged once.
 */
function connectionNotice(generation: Generation | null): string {
  return generation
    ? 'Connection lost. Your generation continues on our servers and will resume here when you are back online.'
    : 'Connection lost. Your generation will start when you are back online, and is charged once.';
}

/** Said while a provider that already has the work decides how it ends (ADR 043). */
export const CANCEL_REQUESTED_MESSAGE =
  'Canceling… The provider may still finish it first: then you keep the result and its credits are used.';

/** Said once a run has gone past the time such runs usually take (ADR 049). */
export const TAKING_LONGER_MESSAGE = 'Taking longer than usual…';

/** The bar stops here at the estimate: the rest is earned only by finishing (ADR 049). */
const CEILING = 95;
/** How often the bar moves between polls. */
const TICK_MS = 500;

function statusLine(generation: Generation | null, overdue: boolean): string {
  if (!generation) return 'Starting…';
  if (generation.cancelRequested) return CANCEL_REQUESTED_MESSAGE;
  if (generation.status === 'queued') {
    return generation.queuePosition !== null
      ? `Queued — position ${String(generation.queuePosition)} in queue`
      : 'Queued — waiting for a free slot';
  }
  if (overdue) return TAKING_LONGER_MESSAGE;
  return generation.stage === 'saving' ? 'Saving your result…' : 'Generating…';
}

/** "45 s", "3 min": rounded as a person would say it, never "0 s". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `${String(seconds < 10 ? seconds : Math.round(seconds / 5) * 5)} s`;
  return `${String(Math.round(seconds / 60))} min`;
}

interface Estimated {
  /** 0–95, or null while the bar cannot say (past the estimate). */
  percent: number | null;
  overdue: boolean;
  remainingMs: number | null;
}

/**
 * The bar's position between polls: the server's elapsed time (its own clock, so a browser's
 * clock being off does not matter) plus the time since that answer arrived, against the expected
 * duration, reaching 95 % at the estimate. It never moves back when a poll lands a little behind.
 */
function useEstimatedProgress(generation: Generation | null): Estimated {
  const running = generation?.status === 'running';
  const elapsedMs = running ? generation.elapsedMs : null;
  const expectedMs = running ? generation.expectedMs : null;
  const [anchor, setAnchor] = useState<{ elapsedMs: number; at: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  // Each answer re-anchors the clock; an answer without an elapsed time leaves the last anchor.
  useEffect(() => {
    if (elapsedMs === null) return;
    const at = Date.now();
    setAnchor({ elapsedMs, at });
    setNow(at);
  }, [elapsedMs, generation]);
  const elapsed = anchor ? anchor.elapsedMs + Math.max(0, now - anchor.at) : null;
  const overdue = elapsed !== null && expectedMs !== null && elapsed > expectedMs;
  const ticking = running && elapsed !== null && expectedMs !== null && !overdue;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, TICK_MS);
    return () => {
      clearInterval(timer);
    };
  }, [ticking]);
  const highest = useRef<{ id: string; percent: number } | null>(null);
  if (!running || elapsed === null || expectedMs === null || expectedMs <= 0) {
    // A server that sends no estimate: its own progress figure, as before.
    return { percent: running ? generation.progress : null, overdue: false, remainingMs: null };
  }
  if (overdue) return { percent: null, overdue: true, remainingMs: null };
  let percent = Math.round(CEILING * Math.min(1, elapsed / expectedMs));
  const last = highest.current;
  if (last && last.id === generation.id) percent = Math.max(percent, last.percent);
  highest.current = { id: generation.id, percent };
  return { percent, overdue: false, remainingMs: Math.max(0, expectedMs - elapsed) };
}

function valueText(generation: Generation, estimated: Estimated): string {
  if (estimated.percent === null) return 'Taking longer than usual';
  const stage = generation.stage === 'saving' ? 'Saving your result' : 'Generating';
  const left =
    estimated.remainingMs !== null
      ? `, about ${formatDuration(estimated.remainingMs)} left`
      : '';
  return `${stage}, ${String(estimated.percent)} %${left}`;
}

/** While queued: how long such a run usually takes, so the wait has a size. */
function usualDuration(generation: Generation | null): string | null {
  if (generation?.status !== 'queued' || generation.expectedMs === null) return null;
  return `Usually takes about ${formatDuration(generation.expectedMs)} once it starts.`;
}

/**
 * Where the work is: its place in the queue while queued, a progress bar while running, and a
 * Cancel button (the reserved credits are returned) while it is still unfinished. Work a provider
 * already has is only asked to stop, so after Cancel it says so until the provider answers.
 * The bar follows the time such runs usually take (ADR 049): 95 % at the estimate, then an
 * indeterminate bar that says it is taking longer than usual, never a bar parked at 99 %.
 */
export function GenerationProgress({
  generation,
  onCancel,
  canceling = false,
  cancelFailed = false,
  connectionLost = false,
}: GenerationProgressProps) {
  const online = useSyncExternalStore(onlineChanges, isOnline);
  const running = generation?.status === 'running';
  const estimated = useEstimatedProgress(generation);
  const usual = usualDuration(generation);
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-border bg-muted/40 p-4">
      <div className="flex items-start gap-2">
        <Spinner className="size-5 shrink-0 text-primary" />
        {/* One live region, there from the start: the notice is read when it appears. */}
        <p role="status" className="text-sm font-medium">
          {statusLine(generation, estimated.overdue)}
          {!online || connectionLost ? (
            <span className="mt-1 block font-normal text-muted-foreground">
              {connectionNotice(generation)}
            </span>
          ) : null}
        </p>
      </div>
      {usual ? <p className="text-sm text-muted-foreground">{usual}</p> : null}
      {running ? (
        <div className="flex items-center gap-3">
          {/* Past the estimate the bar has no value (indeterminate) rather than a made-up one. */}
          <div
            role="progressbar"
            aria-label="Generation progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={estimated.percent ?? undefined}
            aria-valuetext={valueText(generation, estimated)}
            className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
          >
            {estimated.percent === null ? (
              <div className="h-full w-full animate-pulse rounded-full bg-primary/60" />
            ) : (
              <div
                className="h-full rounded-full bg-primary transition-[width] duration-500 ease-linear"
                style={{ width: `${String(estimated.percent)}%` }}
              />
            )}
          </div>
          <span aria-hidden="true" className="min-w-10 text-right text-sm tabular-nums">
            {estimated.percent === null
              ? null
              : estimated.remainingMs !== null
                ? `~${formatDuration(estimated.remainingMs)}`
                : `${String(estimated.percent)}%`}
          </span>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          You can leave this page: the result also appears in your gallery.
        </p>
        {generation && onCancel ? (
          <Button
            variant="outline"
            size="sm"
            loading={canceling || generation.cancelRequested}
            onClick={onCancel}
          >
            Cancel generation
          </Button>
        ) : null}
      </div>
      {cancelFailed ? (
        <p role="alert" className="text-sm text-destructive">
          Could not cancel. It may already be finishing.
        </p>
      ) : null}
    </div>
  );
}
