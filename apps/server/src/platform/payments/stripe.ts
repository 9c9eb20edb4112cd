import Stripe from 'stripe';
import {
  CHECKOUT_LIFETIME_SECONDS,
  InvalidWebhookError,
  type CheckoutOrder,
  type CheckoutSession,
  type CheckoutUrls,
  type PaymentEvent,
  type PaymentOutcome,
  type PaymentProvider,
} from './types';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** A local fake of the Stripe API (tests); unset: api.stripe.com. */
  apiUrl?: string | undefined;
}

/** Stripe refuses events signed more than this long ago (replay window). */
export const STRIPE_TOLERANCE_SECONDS = 300;

function client(options: StripeOptions): Stripe {
  const url = options.apiUrl ? new URL(options.apiUrl) : undefined;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(url
      ? {
          host: url.hostname,
          port: url.port,
          protocol: url.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** USD payments through Stripe Checkout (a hosted page; card data never touches us). */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = client(options);
  return {
    name: 'stripe',
    async createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<CheckoutSession> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: order.id,
          metadata: { orderId: order.id },
          payment_intent_data: { metadata: { orderId: order.id } },
          customer_email: order.customerEmail || undefined,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: order.amountMinor,
                product_data: { name: `${order.displayName} (${String(order.credits)} credits)` },
              },
            },
          ],
          // Closes an unpaid checkout after an hour (Stripe's default is a day).
          expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_LIFETIME_SECONDS,
          success_url: urls.successUrl,
          cancel_url: urls.cancelUrl,
        },
        // A retried request for the same order gets the same session, never a second one.
        { idempotencyKey: `checkout-${order.id}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { providerRef: session.id, url: session.url };
    },
  };
}

const outcomes: Record<string, (session: Stripe.Checkout.Session) => PaymentOutcome> = {
  'checkout.session.completed': (s) => (s.payment_status === 'unpaid' ? 'processing' : 'paid'),
  'checkout.session.async_payment_succeeded': () => 'paid',
  'checkout.session.async_payment_failed': () => 'failed',
  'checkout.session.expired': () => 'expired',
};

/**
 * Verifies a Stripe webhook on its raw body with the SDK (signature and a 5-minute timestamp
 * window) and reduces it to a PaymentEvent. Throws InvalidWebhookError when it does not verify.
 */
export function parseStripeWebhook(
  options: StripeOptions,
  rawBody: Buffer,
  signature: string | undefined,
  receivedAt?: number,
): PaymentEvent {
  if (!signature) throw new InvalidWebhookError('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = client(options).webhooks.constructEvent(
      rawBody,
      signature,
      options.webhookSecret,
      STRIPE_TOLERANCE_SECONDS,
      undefined,
      receivedAt,
    );
  } catch (error) {
    throw new InvalidWebhookError(error instanceof Error ? error.message : 'Invalid signature');
  }
  const toOutcome = outcomes[event.type];
  if (!toOutcome || event.data.object.object !== 'checkout.session') {
    return {
      provider: 'stripe',
      eventId: event.id,
      type: event.type,
      orderId: null,
      outcome: null,
    };
  }
  const session = event.data.object;
  const outcome = toOutcome(session);
  return {
    provider: 'stripe',
    eventId: event.id,
    type: event.type,
    orderId: session.client_reference_id ?? session.metadata?.orderId ?? null,
    outcome,
    ...(session.amount_total === null ? {} : { amountMinor: session.amount_total }),
    ...(session.currency ? { currency: session.currency.toUpperCase() } : {}),
    ...(outcome === 'failed' ? { reason: 'The payment failed' } : {}),
    ...(outcome === 'expired' ? { reason: 'The checkout expired' } : {}),
  };
}
