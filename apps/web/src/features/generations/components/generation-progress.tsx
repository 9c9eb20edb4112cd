import type { Generation } from '@studio/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface GenerationProgressProps {
  /** Null between the click and the server's answer. */
  generation: Generation | null;
  onCancel?: () => void;
  canceling?: boolean;
  cancelFailed?: boolean;
}

function statusLine(generation: Generation | null): string {
  if (!generation) return 'Starting…';
  if (generation.status === 'queued') {
    return generation.queuePosition !== null
      ? `Queued — position ${String(generation.queuePosition)} in queue`
      : 'Queued — waiting for a free slot';
  }
  return 'Generating…';
}

/**
 * Where the work is: its place in the queue while queued, a progress bar while running, and a
 * Cancel button (the reserved credits are returned) while it is still unfinished.
 */
export function GenerationProgress({
  generation,
  onCancel,
  canceling = false,
  cancelFailed = false,
}: GenerationProgressProps) {
  const running = generation?.status === 'running';
  const progress = generation?.progress ?? 0;
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-border bg-muted/40 p-4">
      <div className="flex items-center gap-2">
        <Spinner className="size-5 text-primary" />
        <p role="status" className="text-sm font-medium">
          {statusLine(generation)}
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
          <Button variant="outline" size="sm" loading={canceling} onClick={onCancel}>
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
