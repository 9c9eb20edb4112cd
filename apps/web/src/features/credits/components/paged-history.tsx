import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { usePagination } from '../hooks/use-pagination';
import { HistoryEmpty } from './history-empty';
import { HistoryTable } from './history-table';
import { PaginationControls } from './pagination-controls';

interface PagedHistoryProps<T> {
  items: readonly T[];
  /** Changes when the filters change, which sends the list back to page 1. */
  resetKey: string;
  caption: string;
  columns: ComponentProps<typeof HistoryTable>['columns'];
  empty: { icon: LucideIcon; title: string; description: string };
  renderRow: (item: T) => ReactNode;
}

/** A history table with its empty state and its pager (both tabs of the page). */
export function PagedHistory<T>({
  items,
  resetKey,
  caption,
  columns,
  empty,
  renderRow,
}: PagedHistoryProps<T>) {
  const pagination = usePagination(items, resetKey);
  if (items.length === 0) return <HistoryEmpty {...empty} />;
  return (
    <div className="space-y-4">
      <HistoryTable caption={caption} columns={columns}>
        {pagination.items.map(renderRow)}
      </HistoryTable>
      <PaginationControls
        label={`${caption} pages`}
        page={pagination.page}
        totalPages={pagination.totalPages}
        from={pagination.from}
        to={pagination.to}
        total={pagination.total}
        pageSize={pagination.pageSize}
        onPageChange={pagination.setPage}
        onPageSizeChange={pagination.setPageSize}
      />
    </div>
  );
}
