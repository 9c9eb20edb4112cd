import { z } from 'zod/mini';
import { ORDER_STATUSES } from '../constants';
import { PAYMENT_CURRENCIES } from '../plans';
import { int, success, text } from './read';

export const paymentLinkResponseSchema = z.object({
  success,
  payment_link: z.string(),
  orderId: z.string(),
});
export type PaymentLinkResponse = z.infer<typeof paymentLinkResponseSchema>;

export const orderStatusResponseSchema = z.object({
  success,
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  message: text,
  credits: int,
  plan_display_name: z.string(),
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;

/** `GET /payments/sandbox/orders/:orderId`: what the local test checkout page shows. */
export const sandboxOrderResponseSchema = z.object({
  success,
  orderId: z.string(),
  plan_display_name: z.string(),
  amount: z.number(),
  currency: z.enum(PAYMENT_CURRENCIES),
  credits: int,
  status: z.enum(ORDER_STATUSES),
  /** What this order does to the running plan, said on the checkout before paying (ADR 023). */
  plan_change: z.optional(z.nullable(z.string())),
});
export type SandboxOrderResponse = z.infer<typeof sandboxOrderResponseSchema>;

/** `POST /payments/sandbox/complete`: drives the same fulfilment a provider webhook drives. */
export const sandboxCompleteResponseSchema = z.object({
  success,
  status: z.enum(ORDER_STATUSES),
  redirect: z.string(),
});
