import { Skeleton } from '@/components/ui/skeleton';

/**
 * Shown inside the shell while a page's code downloads (first visit to that page only). A screen
 * high, so the footer stays below the fold until the page comes instead of showing and then being
 * pushed away (a layout shift: the shell paints before the page, ADR 066).
 */
export function PageLoader() {
  return (
    <div role="status" aria-label="Loading page" className="min-h-dvh space-y-6">
      <div className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100">
        <div className="h-full w-2/5 animate-progress bg-primary" />
      </div>
      <Skeleton className="h-8 w-56" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}
