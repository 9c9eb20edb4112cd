import type { GenerationHistoryItem } from '@studio/contract';
import { Sparkles } from 'lucide-react';
import type { HistoryPages } from '../api/credit-history';
import type { PageSize } from '../lib/pagination';
import { PagedHistory } from './paged-history';
import { UsageRow } from './usage-row';

const columns = [
  { label: 'Date' },
  { label: 'Generation' },
  { label: 'Credits', align: 'end' as const },
  { label: 'Status' },
  { label: 'Details', srOnly: true },
];

/**
 * The Usage History list: one expandable entry per generation or credit expiry, a page at a time
 * (its length is not counted: a heavy user has 100k generations, ADR 044).
 */
export function UsageHistory({
  pages,
  filtered,
  resetKey,
  pageSize,
  onPageSizeChange,
}: {
  pages: HistoryPages<GenerationHistoryItem>;
  filtered: boolean;
  /** Changes when the filters or the page size change, which sends the list back to page 1. */
  resetKey: string;
  pageSize: PageSize;
  onPageSizeChange: (size: PageSize) => void;
}) {
  return (
    <PagedHistory
      pages={pages}
      total={null}
      resetKey={resetKey}
      pageSize={pageSize}
      onPageSizeChange={onPageSizeChange}
      caption="Usage history"
      columns={columns}
      empty={{
        icon: Sparkles,
        title: 'No generation history found',
        description: filtered
          ? 'Try adjusting your filters to find generations.'
          : 'Your generations and the credits they used will appear here.',
      }}
      renderRow={(item) => <UsageRow key={item.id} item={item} />}
    />
  );
}
