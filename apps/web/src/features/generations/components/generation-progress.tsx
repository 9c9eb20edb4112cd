import { useSyncExternalStore } from 'react';
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

function statusLine(generation: Generation | null): string {
  if (!generation) return 'Starting…';
  if (generation.cancelRequested) return CANCEL_REQUESTED_MESSAGE;
  if (generation.status === 'queued') {
    return generation.queuePosition !== null
      ? `Queued — position ${String(generation.queuePosition)} in queue`
      : 'Queued — waiting for a free slot';
  }
  return 'Generating…';
}

/**
 * Where the work is: its place in the queue while queued, a progress bar while running, and a
 * Cancel button (the reserved credits are returned) while it is still unfinished. Work a provider
 * already has is only asked to stop, so after Cancel it says so until the provider answers.
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
  const progress = generation?.progress ?? 0;
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-border bg-muted/40 p-4">
      <div className="flex items-start gap-2">
        <Spinner className="size-5 shrink-0 text-primary" />
        {/* One live region, there from the start: the notice is read when it appears. */}
        <p role="status" className="text-sm font-medium">
          {statusLine(generation)}
          {!online || connectionLost ? (
            <span className="mt-1 block font-normal text-muted-foreground">
              {connectionNotice(generation)}
            </span>
          ) : null}
        </p>
      </div>
      {running ? (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label="Generation progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-500"
              style={{ width: `${String(progress)}%` }}
            />
          </div>
          <span aria-hidden="true" className="w-10 text-right text-sm tabular-nums">
            {progress}%
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
