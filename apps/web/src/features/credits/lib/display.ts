import type { OrderHistoryItem } from '@studio/contract';
import { formatPrice } from '@studio/contract/plans';
import { formatInteger } from '@/lib/format';

/** How many characters of an order id the table shows; the full id is in the title and search. */
export const SHORT_ORDER_ID_LENGTH = 8;

export function shortOrderId(id: string): string {
  return id.length > SHORT_ORDER_ID_LENGTH ? `${id.slice(0, SHORT_ORDER_ID_LENGTH)}…` : id;
}

/** '+40' for credits received, '-5' for an adjustment that took some away. */
export function formatCreditChange(credits: number): string {
  return credits > 0 ? `+${formatInteger(credits)}` : formatInteger(credits);
}

/**
 * The amount paid with its currency symbol. Welcome credits and adjustments were never paid
 * for (amount 0), so they say so instead of showing '$0'.
 */
export function formatPurchaseAmount(item: OrderHistoryItem): string {
  if (item.source !== 'order') return 'No charge';
  return formatPrice(item.amount, item.currency);
}

/** '1 order', '3 orders'. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatInteger(count)} ${count === 1 ? singular : plural}`;
}
