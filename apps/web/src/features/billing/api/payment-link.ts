import { api } from '@/lib/api-client';
import { isRecord, isString } from '@/lib/guards';
import { isSafePaymentLink } from '../lib/browser-navigation';
import { buildPaymentLinkRequest, type Purchase } from '../lib/payment-request';

export interface PaymentLink {
  paymentLink: string;
  orderId: string;
}

/** `{ success:true, payment_link, orderId }`; a link the browser must not follow counts as malformed. */
export function parsePaymentLink(data: unknown): PaymentLink {
  if (
    !isRecord(data) ||
    data.success !== true ||
    !isString(data.payment_link) ||
    !isString(data.orderId) ||
    !isSafePaymentLink(data.payment_link)
  ) {
    throw new Error('Invalid payment link response');
  }
  return { paymentLink: data.payment_link, orderId: data.orderId };
}

/** Creates the order and returns where the user pays for it (provider page or local sandbox). */
export function requestPaymentLink(purchase: Purchase, userId: string): Promise<PaymentLink> {
  const { path, body } = buildPaymentLinkRequest(purchase, userId);
  return api.post(path, body, { parse: parsePaymentLink });
}
