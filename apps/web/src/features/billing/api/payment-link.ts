import { paymentLinkResponseSchema } from '@studio/contract/responses';
import { api } from '@/lib/api-client';
import { isSafePaymentLink } from '../lib/browser-navigation';
import { buildPaymentLinkRequest, type Purchase } from '../lib/payment-request';

export interface PaymentLink {
  paymentLink: string;
  orderId: string;
}

/** A link the browser must not follow makes the answer malformed, like any other mismatch. */
function readPaymentLink(data: unknown): PaymentLink {
  const { payment_link: paymentLink, orderId } = paymentLinkResponseSchema.parse(data);
  if (!isSafePaymentLink(paymentLink)) throw new Error('Unsafe payment link');
  return { paymentLink, orderId };
}

/** Creates the order and returns where the user pays for it (provider page or local sandbox). */
export function requestPaymentLink(purchase: Purchase, userId: string): Promise<PaymentLink> {
  const { path, body } = buildPaymentLinkRequest(purchase, userId);
  return api.post(path, body, { parse: readPaymentLink });
}
