import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/**
 * A lazy page's chunk can vanish after a deploy (an old tab asks for a file that no longer
 * exists); a reload fetches the new build, so say that instead of a generic failure.
 */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

function RouteErrorPanel({ error, fullScreen }: { error: unknown; fullScreen: boolean }) {
  const chunk = isChunkLoadError(error);
  const title = chunk ? 'A new version is available' : 'Something went wrong';
  const message = chunk
    ? 'Reload the page to continue with the latest version.'
    : 'This page hit an unexpected problem. Reloading usually fixes it.';

  return (
    <div
      role="alert"
      className={cn(
        'mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-16 text-center',
        fullScreen && 'min-h-dvh justify-center',
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive">
        <TriangleAlert aria-hidden="true" className="size-6" />
      </span>
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{message}</p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          onClick={() => {
            window.location.reload();
          }}
        >
          <RotateCw aria-hidden="true" />
          Reload
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            // A full load: the failed chunk may be cached in this document's module map.
            window.location.assign(paths.home.path);
          }}
        >
          Go to dashboard
        </Button>
      </div>
    </div>
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** Whole-viewport panel (top level) instead of a panel inside the shell. */
  fullScreen?: boolean;
  /** A change (e.g. the pathname) clears the error, so navigating away recovers. */
  resetKey?: string;
}

interface RouteErrorBoundaryState {
  error: unknown;
  failedKey: string | undefined;
}

/** Catches render errors and failed page chunks so one broken page never blanks the app. */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { error: null, failedKey: undefined };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    // Remember where the error happened; once the key moves on, render the children again.
    if (state.error !== null && state.failedKey === undefined)
      return { failedKey: props.resetKey ?? '' };
    if (state.error !== null && state.failedKey !== (props.resetKey ?? ''))
      return { error: null, failedKey: undefined };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Route error', error, info.componentStack);
  }

  override render() {
    if (this.state.error !== null) {
      return (
        <RouteErrorPanel error={this.state.error} fullScreen={this.props.fullScreen ?? false} />
      );
    }
    return this.props.children;
  }
}
