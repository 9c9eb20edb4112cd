import { z } from 'zod';
import {
  HISTORY_PAGE_DEFAULT,
  HISTORY_PAGE_MAX,
  HISTORY_PERIODS,
  SANDBOX_OUTCOMES,
} from './constants';
import { BILLING_PERIODS } from './plans';
import { userIdSchema } from './user';

/**
 * `POST /generate-payment-link` (USD) and `/generate-payment-link-inr` (spec §3): `service_type` is
 * `{plan}_{period}` lowercased. The server prices the order from its own catalogue: `amount` is only
 * checked (top-ups) and `quantity` is accepted for compatibility.
 */
export const paymentLinkRequestSchema = z.object({
  service_type: z
    .string()
    .max(40)
    .trim()
    .toLowerCase()
    .regex(
      new RegExp(`^(plus|pro|topup)_(${BILLING_PERIODS.join('|')})$`),
      'Unknown plan or billing period',
    ),
  userId: userIdSchema.optional(),
  amount: z.number().nonnegative().optional(),
  quantity: z.number().int().nonnegative().optional(),
});
export type PaymentLinkRequest = z.input<typeof paymentLinkRequestSchema>;

export const orderStatusRequestSchema = z.object({
  orderId: z.string().min(1).max(100),
  userId: userIdSchema.optional(),
});

/** `POST /payments/sandbox/complete`: drives the same fulfilment a provider webhook drives. */
export const sandboxCompleteRequestSchema = z.object({
  orderId: z.string().min(1).max(100),
  outcome: z.enum(SANDBOX_OUTCOMES),
});

/**
 * The query of both credit histories, `GET /credit-transactions/order-history/:userId` and
 * `…/generation-history/:userId` (ADR 044): one page, newest first. `cursor` is the previous
 * page's `next_cursor`, passed back unchanged. `period` narrows the list and the totals; `from`,
 * `to` (instants, inclusive) and `search` (any case: plan name, order id or status of a purchase;
 * type, name or prompt of a generation) narrow the list only, as the screen's filters do.
 */
export const creditHistoryQuerySchema = z.object({
  limit: z.coerce.number<number>().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
  period: z.enum(HISTORY_PERIODS).default('all'),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  search: z.string().trim().max(200).optional(),
});
export type CreditHistoryQuery = z.input<typeof creditHistoryQuerySchema>;
export type CreditHistoryPageQuery = z.output<typeof creditHistoryQuerySchema>;
