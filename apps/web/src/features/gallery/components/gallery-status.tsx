import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { GALLERY_GRID } from './gallery-grid';

/** Loading: one skeleton card per item the page will hold (spec §2), in the real grid. */
export function GallerySkeletons({ count }: { count: number }) {
  return (
    <div role="status">
      <span className="sr-only">Loading your generations…</span>
      <div className={GALLERY_GRID}>
        {Array.from({ length: count }, (_, index) => (
          <div
            key={index}
            data-testid="gallery-card-skeleton"
            className="overflow-hidden rounded-xl border border-border bg-surface shadow-card"
          >
            <Skeleton className="aspect-square w-full rounded-none" />
            <div className="space-y-3 p-4">
              <div className="flex justify-between">
                <Skeleton className="h-5 w-24 rounded-full" />
                <Skeleton className="h-4 w-16" />
              </div>
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-8 w-full" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** A search is waiting to be applied: the old list no longer matches the box, so it is cleared. */
export function GallerySearching() {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 rounded-xl border border-border bg-surface px-4 py-12 text-sm text-muted-foreground shadow-card"
    >
      <Spinner className="size-5 text-primary" />
      Searching…
    </div>
  );
}

/** The load failed: the reason in red, and Retry. */
export function GalleryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive" role="alert">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold text-destructive">We couldn't load your gallery.</p>
          <p className="text-destructive">{getErrorMessage(error)}</p>
        </div>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    </Alert>
  );
}
