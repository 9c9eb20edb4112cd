import type { SandboxOutcome } from '@studio/contract';
import type { CheckoutOrder, CheckoutSession, PaymentEvent, PaymentProvider } from './types';

/**
 * The built-in test provider used when a currency has no keys: its "checkout" is a page of our own
 * (clearly labelled as a test) and its "webhook" is the page's button, which goes through the very
 * same event handling as Stripe's and Razorpay's.
 */
export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(order: CheckoutOrder): Promise<CheckoutSession> {
      return { providerRef: `sandbox_${order.id}`, url: `/checkout/sandbox/${order.id}` };
    },
  };
}

/** The event a sandbox button press stands for; one id per order and outcome, so a double click is a replay. */
export function sandboxEvent(orderId: string, outcome: SandboxOutcome): PaymentEvent {
  return {
    provider: 'sandbox',
    eventId: `sandbox:${orderId}:${outcome}`,
    type: `sandbox.payment.${outcome}`,
    orderId,
    outcome,
    ...(outcome === 'failed' ? { reason: 'The test payment was declined' } : {}),
    ...(outcome === 'cancelled' ? { reason: 'The payment was cancelled' } : {}),
  };
}
