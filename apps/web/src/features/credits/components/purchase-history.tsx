import type { OrderHistoryItem } from '@studio/contract';
import { ReceiptText } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/cn';
import { formatCreditChange, formatPurchaseAmount, shortOrderId } from '../lib/display';
import { HistoryCell, HistoryRow, HistoryRowGroup } from './history-table';
import type { HistoryPages } from '../api/credit-history';
import type { PageSize } from '../lib/pagination';
import { PagedHistory } from './paged-history';
import { PurchaseStatusBadge } from './purchase-status-badge';
import { ReceiptLink } from './receipt-link';

const columns = [
  { label: 'Date' },
  { label: 'Plan' },
  { label: 'Credits', align: 'end' as const },
  { label: 'Amount', align: 'end' as const },
  { label: 'Order ID' },
  { label: 'Status' },
  { label: 'Receipt' },
];

function PurchaseRow({ item }: { item: OrderHistoryItem }) {
  return (
    <HistoryRowGroup>
      <HistoryRow>
        <HistoryCell label="Date" className="whitespace-nowrap">
          {formatDateTime(item.created_at) ?? 'Invalid Date'}
        </HistoryCell>
        <HistoryCell label="Plan" className="font-medium">
          {item.plan_display_name}
        </HistoryCell>
        <HistoryCell
          label="Credits"
          alignEnd
          // Only a completed row delivered its credits (welcome credits too); others are muted.
          className={cn(
            'font-medium tabular-nums',
            item.status === 'completed'
              ? item.credits_received > 0 && 'text-success'
              : 'text-muted-foreground',
          )}
        >
          {formatCreditChange(item.credits_received)}
        </HistoryCell>
        <HistoryCell label="Amount" alignEnd className="whitespace-nowrap tabular-nums">
          {formatPurchaseAmount(item)}
        </HistoryCell>
        <HistoryCell label="Order ID">
          <code title={item.id} className="text-xs text-muted-foreground">
            {shortOrderId(item.id)}
          </code>
        </HistoryCell>
        <HistoryCell label="Status">
          <PurchaseStatusBadge status={item.status} />
        </HistoryCell>
        <HistoryCell label="Receipt">
          <ReceiptLink item={item} />
        </HistoryCell>
      </HistoryRow>
    </HistoryRowGroup>
  );
}

/** The Purchase History tab: one row per order, welcome grant or adjustment, a page at a time. */
export function PurchaseHistory({
  pages,
  total,
  filtered,
  resetKey,
  pageSize,
  onPageSizeChange,
}: {
  pages: HistoryPages<OrderHistoryItem>;
  /** Rows of the filtered list over all its pages (the server counts them). */
  total: number;
  /** Whether a filter is active; picks the empty-state hint. */
  filtered: boolean;
  /** Changes when the filters or the page size change, which sends the list back to page 1. */
  resetKey: string;
  pageSize: PageSize;
  onPageSizeChange: (size: PageSize) => void;
}) {
  return (
    <PagedHistory
      pages={pages}
      total={total}
      resetKey={resetKey}
      pageSize={pageSize}
      onPageSizeChange={onPageSizeChange}
      caption="Purchase history"
      columns={columns}
      empty={{
        icon: ReceiptText,
        title: 'No purchase history found',
        description: filtered
          ? 'Try adjusting your filters to find transactions.'
          : "You haven't made any credit purchases yet.",
      }}
      renderRow={(item) => <PurchaseRow key={item.id} item={item} />}
    />
  );
}
