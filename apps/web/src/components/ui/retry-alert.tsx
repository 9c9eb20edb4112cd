import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';

/** Something could not be loaded: what, why, and a button to try again. */
export function RetryAlert({
  title,
  error,
  retryLabel = 'Try again',
  retrying,
  onRetry,
}: {
  title: string;
  error: unknown;
  retryLabel?: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Alert variant="destructive" role="alert">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold">{title}</p>
          <p>{getErrorMessage(error)}</p>
        </div>
        <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
          {retryLabel}
        </Button>
      </div>
    </Alert>
  );
}
