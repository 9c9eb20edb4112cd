import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';

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
    <Alert variant="destructive" role="alert">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold">We couldn't load your credit history.</p>
          <p>{getErrorMessage(error)}</p>
        </div>
        <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </div>
    </Alert>
  );
}
