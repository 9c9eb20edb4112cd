import { z } from 'zod';
import { SANDBOX_OUTCOMES } from './constants';
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
