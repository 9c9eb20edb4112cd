import { useEffect, useState, useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import type { Generation } from '@studio/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CEILING, estimateAt, formatDuration, type Estimated } from '../lib/progress-estimate';

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

/** Where the bar stood at a tick: for which answer, and the figures then. */
interface Tick extends Estimated {
  generation: Generation;
}

/**
 * The bar's position between polls: the server's elapsed time (its own clock, so a browser's
 * clock being off does not matter) plus the time since that answer arrived, against the expected
 * duration, reaching 95 % at the estimate. It never moves back when a poll lands a little behind.
 * Until the first tick after an answer, the answer's own elapsed time stands.
 */
function useEstimatedProgress(generation: Generation | null): Estimated {
  const running = generation?.status === 'running';
  const elapsedMs = running ? generation.elapsedMs : null;
  const expectedMs = running ? generation.expectedMs : null;
  const [tick, setTick] = useState<Tick | null>(null);
  useEffect(() => {
    if (!generation || elapsedMs === null || expectedMs === null || expectedMs <= 0) return;
    const receivedAt = Date.now();
    const update = () => {
      setTick((previous) => {
        const floor = previous?.generation.id === generation.id ? (previous.percent ?? CEILING) : 0;
        const next = estimateAt(elapsedMs + Date.now() - receivedAt, expectedMs, floor);
        // Past the estimate nothing changes any more: no re-render.
        if (next.overdue && previous?.overdue && previous.generation === generation)
          return previous;
        return { ...next, generation };
      });
    };
    const first = setTimeout(update, 0);
    const timer = setInterval(update, TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [generation, elapsedMs, expectedMs]);
  if (!running || elapsedMs === null || expectedMs === null || expectedMs <= 0) {
    // A server that sends no estimate: its own progress figure, as before.
    return { percent: running ? generation.progress : null, overdue: false, remainingMs: null };
  }
  if (tick?.generation === generation) return tick;
  const floor = tick?.generation.id === generation.id ? (tick.percent ?? CEILING) : 0;
  return estimateAt(elapsedMs, expectedMs, floor);
}

function valueText(generation: Generation, estimated: Estimated): string {
  if (estimated.percent === null) return 'Taking longer than usual';
  const stage = generation.stage === 'saving' ? 'Saving your result' : 'Generating';
  const left =
    estimated.remainingMs !== null ? `, about ${formatDuration(estimated.remainingMs)} left` : '';
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
