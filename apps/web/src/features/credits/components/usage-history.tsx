import type { GenerationHistoryItem } from '@studio/contract';
import { Sparkles } from 'lucide-react';
import { PagedHistory } from './paged-history';
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
  return (
    <PagedHistory
      items={items}
      resetKey={resetKey}
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
