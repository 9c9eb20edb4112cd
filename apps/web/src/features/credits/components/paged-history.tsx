import { useState, type ComponentProps, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Spinner } from '@/components/ui/spinner';
import type { HistoryPages } from '../api/credit-history';
import type { PageSize } from '../lib/pagination';
import { HistoryEmpty } from './history-empty';
import { HistoryTable } from './history-table';
import { PaginationControls } from './pagination-controls';

interface PagedHistoryProps<T> {
  pages: HistoryPages<T>;
  /** Rows over all pages when the server says (purchases); null when it does not (usage). */
  total: number | null;
  /** Changes when the filters or the page size change, which sends the list back to page 1. */
  resetKey: string;
  pageSize: PageSize;
  onPageSizeChange: (size: PageSize) => void;
  caption: string;
  columns: ComponentProps<typeof HistoryTable>['columns'];
  empty: { icon: LucideIcon; title: string; description: string };
  renderRow: (item: T) => ReactNode;
}

/**
 * A history table with its empty state and its pager (both tabs of the page), a page at a time
 * from the server (ADR 044). Next asks for the following page once, when it is first needed;
 * pages already loaded are shown again without asking, and until the page asked for arrives the
 * one before it stays on screen with a loading line (or, if it failed, the error and Retry).
 */
export function PagedHistory<T>({
  pages,
  total,
  resetKey,
  pageSize,
  onPageSizeChange,
  caption,
  columns,
  empty,
  renderRow,
}: PagedHistoryProps<T>) {
  const [position, setPosition] = useState({ key: resetKey, page: 0 });
  const page = position.key === resetKey ? position.page : 0;
  const loaded = pages.pages.length;
  const shown = Math.min(page, loaded - 1);
  const rows = pages.pages[shown] ?? [];
  const waiting = page >= loaded;

  if (loaded <= 1 && rows.length === 0) return <HistoryEmpty {...empty} />;
  const from = shown * pageSize + 1;
  return (
    <div className="space-y-4" aria-busy={pages.isUpdating || pages.isFetchingNextPage}>
      <HistoryTable caption={caption} columns={columns}>
        {rows.map(renderRow)}
      </HistoryTable>
      {waiting && pages.nextPageError ? (
        <RetryAlert
          title={`We couldn't load the next page of your ${caption.toLowerCase()}.`}
          error={pages.nextPageError}
          retryLabel="Retry"
          retrying={pages.isFetchingNextPage}
          onRetry={pages.fetchNextPage}
        />
      ) : null}
      {waiting && !pages.nextPageError ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4 text-primary" />
          Loading more {caption.toLowerCase()}...
        </p>
      ) : null}
      <PaginationControls
        label={`${caption} pages`}
        page={page + 1}
        totalPages={total === null ? null : Math.max(1, Math.ceil(total / pageSize))}
        from={from}
        to={from + rows.length - 1}
        total={total}
        hasNextPage={page + 1 < loaded || pages.hasNextPage}
        loadingNext={waiting}
        pageSize={pageSize}
        onPageChange={(next) => {
          const index = next - 1;
          if (index >= loaded && pages.hasNextPage) pages.fetchNextPage();
          setPosition({ key: resetKey, page: index });
        }}
        onPageSizeChange={onPageSizeChange}
      />
    </div>
  );
}
