import type { OrderStatus } from '@studio/contract';
import type { PaymentOutcome } from '../../platform/payments/types';

/*
 * The order state machine (ADR 023), enforced in the one fulfilment path every provider uses:
 *
 *   pending → processing → completed → refunded
 *      └──────────┴──────→ failed | cancelled | expired   (final)
 *
 * A payment reported for a closed order is never a move of that order: real money is fulfilled
 * as a new order recorded as a late attempt of the closed one (see billing.service).
 */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'completed', 'failed', 'cancelled', 'expired'],
  processing: ['completed', 'failed', 'cancelled', 'expired'],
  completed: ['refunded'],
  failed: [],
  cancelled: [],
  expired: [],
  refunded: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** Orders that ended without a payment: a later payment for one is a new attempt. */
export function closedUnpaid(status: OrderStatus): boolean {
  return status === 'failed' || status === 'cancelled' || status === 'expired';
}

/** Orders a provider can still pay. */
export function isOpen(status: OrderStatus): boolean {
  return status === 'pending' || status === 'processing';
}

export function statusOf(outcome: PaymentOutcome): OrderStatus {
  return outcome === 'paid' ? 'completed' : outcome;
}
