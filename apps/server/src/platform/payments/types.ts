import type { PaymentCurrency } from '@studio/contract';

/** How long a checkout can be paid (Razorpay's minimum is 15 minutes, Stripe's 30). */
export const CHECKOUT_LIFETIME_SECONDS = 60 * 60;

export type PaymentProviderName = 'stripe' | 'razorpay' | 'sandbox';

/** What a provider event means for its order; null: an event we record but do not act on. */
export type PaymentOutcome = 'paid' | 'failed' | 'cancelled' | 'expired' | 'processing';

/** A verified provider event, reduced to what fulfilment needs. */
export interface PaymentEvent {
  provider: PaymentProviderName;
  /** The provider's event id: a replay carries the same id and is ignored. */
  eventId: string;
  type: string;
  orderId: string | null;
  outcome: PaymentOutcome | null;
  /** Amount and currency the provider saw, checked against the order when present. */
  amountMinor?: number;
  currency?: string;
  reason?: string;
}

export interface CheckoutOrder {
  id: string;
  displayName: string;
  currency: PaymentCurrency;
  amountMinor: number;
  credits: number;
  customerEmail: string;
}

export interface CheckoutUrls {
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  providerRef: string;
  url: string;
}

/** Starts a payment for an order; fulfilment happens only through verified events. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<CheckoutSession>;
}

/** A webhook whose signature, timestamp or body does not verify. */
export class InvalidWebhookError extends Error {
  override name = 'InvalidWebhookError';
}
