import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Spinner } from '@/components/ui/spinner';
import type { UsagePages } from '../api/credit-history';
import type { PageSize } from '../lib/pagination';
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

/**
 * The Usage History list: one expandable entry per generation or credit expiry, a page at a time
 * from the server (ADR 044). Next asks for the following page once, when it is first needed;
 * pages already loaded are shown again without asking. The page belongs to a `resetKey` (the
 * filters and the page size): when the key changes the list starts again at page 1.
 */
export function UsageHistory({
  usage,
  filtered,
  resetKey,
  pageSize,
  onPageSizeChange,
}: {
  usage: UsagePages;
  filtered: boolean;
  resetKey: string;
  pageSize: PageSize;
  onPageSizeChange: (size: PageSize) => void;
}) {
  const [position, setPosition] = useState({ key: resetKey, page: 0 });
  const page = position.key === resetKey ? position.page : 0;
  const loaded = usage.pages.length;
  // Until the page asked for arrives, the one before it stays on screen.
  const shown = Math.min(page, loaded - 1);
  const rows = usage.pages[shown] ?? [];
  const waiting = page >= loaded;

  if (loaded <= 1 && rows.length === 0)
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
  const from = shown * pageSize + 1;
  return (
    <div className="space-y-4" aria-busy={usage.isUpdating || usage.isFetchingNextPage}>
      <HistoryTable caption="Usage history" columns={columns}>
        {rows.map((item) => (
          <UsageRow key={item.id} item={item} />
        ))}
      </HistoryTable>
      {waiting && usage.nextPageError ? (
        <RetryAlert
          title="We couldn't load the next page of your usage history."
          error={usage.nextPageError}
          retryLabel="Retry"
          retrying={usage.isFetchingNextPage}
          onRetry={usage.fetchNextPage}
        />
      ) : null}
      {waiting && !usage.nextPageError ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4 text-primary" />
          Loading more usage history...
        </p>
      ) : null}
      <PaginationControls
        label="Usage history pages"
        page={page + 1}
        totalPages={null}
        from={from}
        to={from + rows.length - 1}
        total={null}
        hasNextPage={page + 1 < loaded || usage.hasNextPage}
        loadingNext={waiting}
        pageSize={pageSize}
        onPageChange={(next) => {
          const index = next - 1;
          if (index >= loaded && usage.hasNextPage) usage.fetchNextPage();
          setPosition({ key: resetKey, page: index });
        }}
        onPageSizeChange={onPageSizeChange}
      />
    </div>
  );
}
