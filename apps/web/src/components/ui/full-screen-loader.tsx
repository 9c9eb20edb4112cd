import { Spinner } from './spinner';

/** Whole-viewport wait state (auth check, first route chunk). The text is the spec's 'Loading...'. */
export function FullScreenLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-background"
    >
      <Spinner className="size-7 text-primary" />
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
    </div>
  );
}
