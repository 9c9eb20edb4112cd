import { z } from 'zod';
import {
  HISTORY_PAGE_DEFAULT,
  HISTORY_PAGE_MAX,
  HISTORY_PERIODS,
  SANDBOX_OUTCOMES,
} from './constants';
import { INSTANT_MESSAGE, isInstantInRange } from './date-time';
import { BILLING_PERIODS, PAYMENT_CURRENCIES } from './plans';
import { userIdSchema } from './user';

/** `{family}_{period}` lowercased, of one of `families`. */
const serviceTypeSchema = (families: readonly string[]) =>
  z
    .string()
    .max(40)
    .trim()
    .toLowerCase()
    .regex(
      new RegExp(`^(${families.join('|')})_(${BILLING_PERIODS.join('|')})$`),
      'Unknown plan or billing period',
    );

/**
 * `POST /generate-payment-link` (USD) and `/generate-payment-link-inr` (spec §3): `service_type` is
 * `{plan}_{period}` lowercased. The server prices the order from its own catalogue: `amount` is only
 * checked (top-ups) and `quantity` is accepted for compatibility.
 */
export const paymentLinkRequestSchema = z.object({
  service_type: serviceTypeSchema(['plus', 'pro', 'topup']),
  userId: userIdSchema.optional(),
  amount: z.number().nonnegative().optional(),
  quantity: z.number().int().nonnegative().optional(),
});
export type PaymentLinkRequest = z.input<typeof paymentLinkRequestSchema>;

/**
 * `POST /subscription/change-preview` (ADR 050): what buying a plan would do to the running one,
 * and the amount, before the checkout opens. Plans only (a top-up changes no plan).
 */
export const planChangePreviewRequestSchema = z.object({
  service_type: serviceTypeSchema(['plus', 'pro']),
  currency: z.enum(PAYMENT_CURRENCIES),
  userId: userIdSchema.optional(),
});
export type PlanChangePreviewRequest = z.input<typeof planChangePreviewRequestSchema>;

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
 * A date-time a query string or body may carry (`from`, `to`): ISO 8601 with its offset, no
 * guessing of a time zone, within the range above. Stays a string; `new Date(value)` is then safe.
 * Every request date uses this one schema, so a new endpoint gets the bound by using it.
 */
export const instantSchema = z.iso
  .datetime({ offset: true, error: INSTANT_MESSAGE, abort: true })
  .refine(isInstantInRange, { error: INSTANT_MESSAGE });

/**
 * The query of both credit histories, `GET /credit-transactions/order-history/:userId` and
 * `…/generation-history/:userId` (ADR 044): one page, newest first. `cursor` is the previous
 * page's `next_cursor`, passed back unchanged. `period` narrows the list and the totals; `from`,
 * `to` (instants, inclusive) and `search` (any case: plan name, order id or status of a purchase;
 * type, name or prompt of a generation) narrow the list only, as the screen's filters do. The
 * instants are bounded to what PostgreSQL takes (`instantSchema`, ADR 036 addendum 2026-11-27).
 */
export const creditHistoryQuerySchema = z.object({
  limit: z.coerce.number<number>().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
  period: z.enum(HISTORY_PERIODS).default('all'),
  from: instantSchema.optional(),
  to: instantSchema.optional(),
  search: z.string().trim().max(200).optional(),
});
export type CreditHistoryQuery = z.input<typeof creditHistoryQuerySchema>;
export type CreditHistoryPageQuery = z.output<typeof creditHistoryQuerySchema>;
