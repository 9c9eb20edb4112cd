import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
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

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** A local fake of the Razorpay API (tests); unset: api.razorpay.com. */
  apiUrl?: string | undefined;
}

interface AxiosLike {
  defaults: { baseURL?: string };
}

function hasAxiosClient(api: unknown): api is { rq: AxiosLike } {
  return typeof api === 'object' && api !== null && 'rq' in api;
}

function client(options: RazorpayOptions): Razorpay {
  const instance = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  // The SDK hard-codes its host; its axios instance is the only way to point it at a local fake.
  if (options.apiUrl) {
    const api: unknown = instance.api;
    if (!hasAxiosClient(api)) throw new Error('Unsupported razorpay SDK: cannot set its API URL');
    api.rq.defaults.baseURL = options.apiUrl.replace(/\/$/, '');
  }
  return instance;
}

/** INR payments through a Razorpay payment link (hosted page: UPI, cards, netbanking). */
export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const razorpay = client(options);
  return {
    name: 'razorpay',
    async createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<CheckoutSession> {
      const link = await razorpay.paymentLink.create({
        amount: order.amountMinor,
        currency: order.currency,
        accept_partial: false,
        reference_id: order.id,
        description: `${order.displayName} (${String(order.credits)} credits)`,
        customer: { email: order.customerEmail },
        notify: { email: false, sms: false },
        callback_url: urls.successUrl,
        callback_method: 'get',
        // An unpaid link closes after an hour, so an old tab cannot complete a stale order weeks later.
        expire_by: Math.floor(Date.now() / 1000) + CHECKOUT_LIFETIME_SECONDS,
        notes: { orderId: order.id },
      });
      return { providerRef: link.id, url: link.short_url };
    },
  };
}

/**
 * Checks `X-Razorpay-Signature` (hex HMAC-SHA256 of the raw body). Compared in constant time: the
 * SDK's validateWebhookSignature compares strings with `===`, which leaks timing.
 */
export function verifyRazorpaySignature(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

interface RazorpayEntity {
  id?: string;
  reference_id?: string;
  amount?: number;
  currency?: string;
  notes?: Record<string, unknown> | unknown[];
}

interface RazorpayWebhook {
  event?: string;
  payload?: {
    payment_link?: { entity?: RazorpayEntity };
    payment?: { entity?: RazorpayEntity };
  };
}

/*
 * Only payment-link events name our order (reference_id). A payment-link payment's own entity has
 * empty notes, and a declined attempt leaves the link open for another try, so `payment.*` events
 * are recorded and ignored: the link's `paid`, `expired` or `cancelled` decides.
 */
const outcomes: Record<string, PaymentOutcome> = {
  'payment_link.paid': 'paid',
  'payment_link.expired': 'expired',
  'payment_link.cancelled': 'cancelled',
};

function orderIdOf(entity: RazorpayEntity | undefined): string | null {
  if (!entity) return null;
  if (entity.reference_id) return entity.reference_id;
  const notes = entity.notes;
  if (notes && !Array.isArray(notes) && typeof notes.orderId === 'string') return notes.orderId;
  return null;
}

/** Verifies a Razorpay webhook on its raw body and reduces it to a PaymentEvent. */
export function parseRazorpayWebhook(
  options: Pick<RazorpayOptions, 'webhookSecret'>,
  rawBody: Buffer,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): PaymentEvent {
  if (!verifyRazorpaySignature(rawBody, signature, options.webhookSecret)) {
    throw new InvalidWebhookError('Invalid Razorpay signature');
  }
  let body: RazorpayWebhook;
  try {
    body = JSON.parse(rawBody.toString('utf8')) as RazorpayWebhook;
  } catch {
    throw new InvalidWebhookError('Razorpay webhook body is not JSON');
  }
  const type = body.event ?? 'unknown';
  // Razorpay sends X-Razorpay-Event-Id on every delivery; the body hash stands in if a proxy drops it.
  const eventId = eventIdHeader ?? `body:${createHash('sha256').update(rawBody).digest('hex')}`;
  const outcome = outcomes[type] ?? null;
  const link = body.payload?.payment_link?.entity;
  const payment = body.payload?.payment?.entity;
  const orderId = orderIdOf(link);
  const amount = payment?.amount ?? link?.amount;
  const currency = payment?.currency ?? link?.currency;
  return {
    provider: 'razorpay',
    eventId,
    type,
    orderId: outcome ? orderId : null,
    outcome: orderId ? outcome : null,
    ...(typeof amount === 'number' ? { amountMinor: amount } : {}),
    ...(currency ? { currency: currency.toUpperCase() } : {}),
    ...(outcome === 'cancelled' ? { reason: 'The payment was cancelled' } : {}),
    ...(outcome === 'expired' ? { reason: 'The payment link expired before it was paid' } : {}),
  };
}
