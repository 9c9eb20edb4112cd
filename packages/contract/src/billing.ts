import { z } from 'zod';
import { CREDIT_SOURCES, ORDER_STATUSES, SANDBOX_OUTCOMES, USAGE_STATUSES } from './constants';
import { BILLING_PERIODS, PAYMENT_CURRENCIES } from './plans';

/**
 * `POST /generate-payment-link` (USD) and `/generate-payment-link-inr` (spec §3): `service_type` is
 * `{plan}_{period}` lowercased. The server prices the order from its own catalogue: `amount` is only
 * checked (top-ups) and `quantity` is accepted for compatibility.
 */
export const paymentLinkRequestSchema = z.object({
  service_type: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      new RegExp(`^(plus|pro|topup)_(${BILLING_PERIODS.join('|')})$`),
      'Unknown plan or billing period',
    ),
  userId: z.string().min(1).optional(),
  amount: z.number().nonnegative().optional(),
  quantity: z.number().int().nonnegative().optional(),
});
export type PaymentLinkRequest = z.input<typeof paymentLinkRequestSchema>;
export const paymentLinkResponseSchema = z.object({
  success: z.literal(true),
  payment_link: z.string(),
  orderId: z.string(),
});
export type PaymentLinkResponse = z.infer<typeof paymentLinkResponseSchema>;

export const orderStatusRequestSchema = z.object({
  orderId: z.string().min(1).max(100),
  userId: z.string().min(1).optional(),
});
export const orderStatusResponseSchema = z.object({
  success: z.literal(true),
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  message: z.string(),
  credits: z.number().int(),
  plan_display_name: z.string(),
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;

/** `POST /subscription/status` (spec §3). An expired plan reads as free with the old one as previous. */
export const subscriptionStatusResponseSchema = z.object({
  success: z.literal(true),
  type: z.string(),
  subscriptionCode: z.number().int(),
  subscriptionId: z.string().nullable(),
  endingTimestamp: z.string().nullable(),
  transactionTimestamp: z.string().nullable(),
  previous_type: z.string().nullable(),
  previous_subscriptionCode: z.number().int().nullable(),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponseSchema>;

export const orderHistoryItemSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  plan_display_name: z.string(),
  credits_received: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  source: z.enum(CREDIT_SOURCES),
});
export type OrderHistoryItem = z.infer<typeof orderHistoryItemSchema>;

/** `GET /credit-transactions/order-history/:userId` (spec §3). */
export const orderHistoryResponseSchema = z.object({
  success: z.literal(true),
  current_balance: z.number().int(),
  total_credits_purchased: z.number().int(),
  total_orders: z.number().int(),
  order_history: z.array(orderHistoryItemSchema),
});
export type OrderHistoryResponse = z.infer<typeof orderHistoryResponseSchema>;

export const generationHistoryItemSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  generation_type: z.string(),
  display_name: z.string(),
  prompt: z.string(),
  credits_used: z.number().int(),
  /** succeeded: output exists; refunded: failed and credits returned; expired: plan credits lapsed. */
  status: z.enum(USAGE_STATUSES),
  details: z.object({
    imageUrls: z.array(z.string()),
    videoUrls: z.array(z.string()),
    inputImageUrls: z.array(z.string()),
    styleName: z.string().nullable(),
    numberOfImages: z.number().int(),
    numberOfVideos: z.number().int(),
  }),
});
export type GenerationHistoryItem = z.infer<typeof generationHistoryItemSchema>;

export const usageByTypeSchema = z.record(
  z.string(),
  z.object({ display_name: z.string(), credits_used: z.number().int(), count: z.number().int() }),
);

/** `GET /credit-transactions/generation-history/:userId` (spec §3). */
export const generationHistoryResponseSchema = z.object({
  success: z.literal(true),
  current_balance: z.number().int(),
  /** Credits and successful generations per type; failed (refunded) ones are not counted. */
  usage_by_type: usageByTypeSchema,
  generation_history: z.array(generationHistoryItemSchema),
});
export type GenerationHistoryResponse = z.infer<typeof generationHistoryResponseSchema>;

/** `GET /payments/sandbox/orders/:orderId`: what the local test checkout page shows. */
export const sandboxOrderResponseSchema = z.object({
  success: z.literal(true),
  orderId: z.string(),
  plan_display_name: z.string(),
  amount: z.number(),
  currency: z.enum(PAYMENT_CURRENCIES),
  credits: z.number().int(),
  status: z.enum(ORDER_STATUSES),
});
export type SandboxOrderResponse = z.infer<typeof sandboxOrderResponseSchema>;

/** `POST /payments/sandbox/complete`: drives the same fulfilment a provider webhook drives. */
export const sandboxCompleteRequestSchema = z.object({
  orderId: z.string().min(1).max(100),
  outcome: z.enum(SANDBOX_OUTCOMES),
});
export const sandboxCompleteResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(ORDER_STATUSES),
  redirect: z.string(),
});
