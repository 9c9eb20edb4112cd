import { RetryAlert } from '@/components/ui/retry-alert';

/** The profile could not be registered or loaded: say so and offer to try again. */
export function ProfileLoadError({
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
      title="We couldn't load your profile."
      error={error}
      retrying={retrying}
      onRetry={onRetry}
    />
  );
}

/** Placeholder while the profile loads. */
export function ProfileLoading() {
  return (
    <div role="status" className="rounded-xl border border-border bg-surface p-6 shadow-card">
      <div aria-hidden="true" className="flex animate-pulse items-center gap-4">
        <div className="size-16 rounded-full bg-muted" />
        <div className="flex-1 space-y-2">
          <div className="h-5 w-40 rounded bg-muted" />
          <div className="h-4 w-56 rounded bg-muted" />
        </div>
      </div>
      <span className="sr-only">Loading your profile...</span>
    </div>
  );
}
