import { API_BASE, type OrderHistoryItem } from '@studio/contract';
import { FileDown } from 'lucide-react';

/** Orders that were paid have a receipt (ADR 051); a refund keeps the receipt of the payment. */
const hasReceipt = (item: OrderHistoryItem) =>
  item.source === 'order' && (item.status === 'completed' || item.status === 'refunded');

/** The order's receipt PDF, downloaded by the browser with the session cookie. */
export function ReceiptLink({ item }: { item: OrderHistoryItem }) {
  if (!hasReceipt(item)) {
    return (
      <span className="text-muted-foreground" title="Only paid orders have a receipt">
        —
      </span>
    );
  }
  return (
    <a
      href={`${API_BASE}/orders/${encodeURIComponent(item.id)}/receipt.pdf`}
      download
      className="inline-flex items-center gap-1 text-sm font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline focus-visible:underline"
    >
      <FileDown aria-hidden className="size-4" />
      Download receipt
    </a>
  );
}
