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

/**
 * `POST /subscription/change-preview` (ADR 050): what buying a plan does, computed by the same
 * function the fulfilment applies. Amounts are in whole currency units (two decimals at most).
 */
export const planChangePreviewResponseSchema = z.object({
  success,
  kind: z.enum(['new', 'extend', 'upgrade', 'scheduled']),
  plan_display_name: z.string(),
  currency: z.enum(PAYMENT_CURRENCIES),
  /** The catalogue price, what is taken off for the running plan, and what is charged. */
  price: z.number(),
  credit: z.number(),
  amount: z.number(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** The plan running now and what happens to it; null when none runs. */
  current: z.nullable(
    z.object({
      plan_display_name: z.string(),
      outcome: z.enum(['replaced', 'extended', 'continues']),
      ends_at: z.string(),
      /** Credits its cycles gave that are still unspent, and when the last of them lapses. */
      credits_left: int,
      credits_left_until: z.nullable(z.string()),
      /** Monthly grants not yet due that stop (their value is the credit). */
      cycles_credited: int,
    }),
  ),
  /** The same in sentences, for the dialog that opens before the checkout. */
  summary: z.array(z.string()),
});
export type PlanChangePreviewResponse = z.infer<typeof planChangePreviewResponseSchema>;

/** `POST /payments/sandbox/complete`: drives the same fulfilment a provider webhook drives. */
export const sandboxCompleteResponseSchema = z.object({
  success,
  status: z.enum(ORDER_STATUSES),
  redirect: z.string(),
});
