import type { OrderStatus } from '@studio/contract';

/** How long the result stays on screen (spec §4 Order banner). */
export const ORDER_BANNER_VISIBLE_MS = 5_000;
/** A payment still settling is asked about again this often… */
export const ORDER_POLL_INTERVAL_MS = 2_000;
/** …for at most this long, then whatever the server last said is shown. */
export const ORDER_POLL_LIMIT_MS = 20_000;

export type BannerTone = 'success' | 'destructive' | 'warning';

/** Provider webhooks may not have arrived yet when the user lands back on the dashboard. */
export function isSettling(status: OrderStatus): boolean {
  return status === 'pending' || status === 'processing';
}

/**
 * Spec §4: green for a paid or completed order, red for a failed one or when the status cannot
 * be read, yellow for everything else (still pending, cancelled, expired, refunded).
 */
export function bannerTone(status: OrderStatus | 'paid' | 'error'): BannerTone {
  if (status === 'completed' || status === 'paid') return 'success';
  if (status === 'failed' || status === 'error') return 'destructive';
  return 'warning';
}
