import { Skeleton } from '@/components/ui/skeleton';

/** Shown inside the shell while a page's code downloads (first visit to that page only). */
export function PageLoader() {
  return (
    <div role="status" aria-label="Loading page" className="space-y-6">
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
