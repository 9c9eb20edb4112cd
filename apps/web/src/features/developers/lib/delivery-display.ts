import type { WebhookDelivery } from '@studio/contract/responses';
import { formatDateTime } from '@/lib/format';

type Tone = 'success' | 'warning' | 'destructive';

/** A delivery's state as the log's badge says it. */
export function deliveryStatus(delivery: WebhookDelivery): { text: string; tone: Tone } {
  switch (delivery.status) {
    case 'succeeded':
      return { text: 'Delivered', tone: 'success' };
    case 'failed':
      return { text: 'Failed', tone: 'destructive' };
    case 'pending':
      return { text: delivery.attempts === 0 ? 'Sending' : 'Retrying', tone: 'warning' };
  }
}

/**
 * What the receiver said last: 'HTTP 200', 'HTTP 500 · 3 attempts', 'Timed out · 2 attempts';
 * nothing yet for a delivery still waiting for its first attempt.
 */
export function deliveryOutcomeText(delivery: WebhookDelivery): string | null {
  if (delivery.attempts === 0) return null;
  const answer =
    delivery.lastStatusCode === null
      ? (delivery.lastError ?? 'No answer')
      : `HTTP ${String(delivery.lastStatusCode)}`;
  const attempts = delivery.attempts === 1 ? '' : ` · ${String(delivery.attempts)} attempts`;
  return `${answer}${attempts}`;
}

/** 'Next attempt Nov 29, 2026, 10:05 AM' while a retry is due, else null. */
export function nextAttemptText(delivery: WebhookDelivery): string | null {
  if (delivery.status !== 'pending') return null;
  const when = formatDateTime(delivery.nextAttemptAt);
  return when ? `Next attempt ${when}` : null;
}
