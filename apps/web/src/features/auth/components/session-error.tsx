import { CloudOff } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Shown when the session check itself fails (server down, offline): signing in would not help. */
export function SessionError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background px-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <CloudOff aria-hidden="true" className="size-6" />
      </span>
      <div className="space-y-1">
        <h1 className="text-lg font-semibold">We can't reach AI Product Studio</h1>
        <p className="max-w-sm text-sm text-muted-foreground">
          Check your connection. We'll pick up where you left off as soon as the server answers.
        </p>
      </div>
      <Button onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </div>
  );
}
