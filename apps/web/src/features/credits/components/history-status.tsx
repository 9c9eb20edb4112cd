import { RetryAlert } from '@/components/ui/retry-alert';
import { Spinner } from '@/components/ui/spinner';

/** Shown until both histories have answered (spec §2: 'Loading credit history...'). */
export function HistoryLoading() {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 rounded-xl border border-border bg-surface px-4 py-12 text-sm text-muted-foreground shadow-card"
    >
      <Spinner className="size-5 text-primary" />
      Loading credit history...
    </div>
  );
}

/** Either history failed: say why and offer Retry (spec §2). */
export function HistoryError({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <RetryAlert
      title="We couldn't load your credit history."
      error={error}
      retryLabel="Retry"
      retrying={retrying}
      onRetry={onRetry}
    />
  );
}
