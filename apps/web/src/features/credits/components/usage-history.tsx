import type { GenerationHistoryItem } from '@studio/contract';
import { Sparkles } from 'lucide-react';
import { usePagination } from '../hooks/use-pagination';
import { HistoryEmpty } from './history-empty';
import { HistoryTable } from './history-table';
import { PaginationControls } from './pagination-controls';
import { UsageRow } from './usage-row';

const columns = [
  { label: 'Date' },
  { label: 'Generation' },
  { label: 'Credits', align: 'end' as const },
  { label: 'Status' },
  { label: 'Details', srOnly: true },
];

/** The Usage History list: one expandable entry per generation or credit expiry, paged. */
export function UsageHistory({
  items,
  filtered,
  resetKey,
}: {
  items: GenerationHistoryItem[];
  filtered: boolean;
  /** Changes when the filters change, which sends the list back to page 1. */
  resetKey: string;
}) {
  const pagination = usePagination(items, resetKey);

  if (items.length === 0) {
    return (
      <HistoryEmpty
        icon={Sparkles}
        title="No generation history found"
        description={
          filtered
            ? 'Try adjusting your filters to find generations.'
            : 'Your generations and the credits they used will appear here.'
        }
      />
    );
  }

  return (
    <div className="space-y-4">
      <HistoryTable caption="Usage history" columns={columns}>
        {pagination.items.map((item) => (
          <UsageRow key={item.id} item={item} />
        ))}
      </HistoryTable>
      <PaginationControls
        label="Usage history pages"
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
