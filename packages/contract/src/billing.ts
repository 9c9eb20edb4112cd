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
 * `GET /credit-transactions/generation-history/:userId` query (ADR 044): one page, newest first.
 * `cursor` is the previous page's `next_cursor`, passed back unchanged. `period` narrows the
 * list and the per-type totals; `from`, `to` (instants, inclusive) and `search` (type, name or
 * prompt, any case) narrow the list only, as the screen's filters do.
 */
export const generationHistoryQuerySchema = z.object({
  limit: z.coerce.number<number>().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
  period: z.enum(HISTORY_PERIODS).default('all'),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  search: z.string().trim().max(200).optional(),
});
export type GenerationHistoryQuery = z.input<typeof generationHistoryQuerySchema>;
export type GenerationHistoryPageQuery = z.output<typeof generationHistoryQuerySchema>;
