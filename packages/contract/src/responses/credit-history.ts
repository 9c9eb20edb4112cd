import { z } from 'zod/mini';
import { CREDIT_SOURCES, USAGE_STATUSES } from '../constants';
import { countIfSent, derive, int, strings, success, text, textOrNull } from './read';

export const orderHistoryItemSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  plan_display_name: z.string(),
  credits_received: int,
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  /** Rows from before the ledger knew its sources were all orders. */
  source: z.catch(z.enum(CREDIT_SOURCES), 'order'),
});
export type OrderHistoryItem = z.infer<typeof orderHistoryItemSchema>;

/** `GET /credit-transactions/order-history/:userId` (spec §3), a page at a time (ADR 044). */
export const orderHistoryResponseSchema = z.object({
  success,
  current_balance: int,
  /** Credits bought and paid orders in the asked period (welcome credits are not bought). */
  total_credits_purchased: z.catch(int, 0),
  total_orders: z.catch(int, 0),
  /** Rows the filtered list has, over all its pages. */
  total_items: z.catch(int, 0),
  order_history: z.array(orderHistoryItemSchema),
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: z.catch(z.nullable(z.string()), null),
});
export type OrderHistoryResponse = z.infer<typeof orderHistoryResponseSchema>;

const usageDetailsShape = {
  imageUrls: strings,
  videoUrls: strings,
  inputImageUrls: strings,
  styleName: textOrNull,
  numberOfImages: int,
  numberOfVideos: int,
};
const usageDetails = z.object(usageDetailsShape);
/** Older rows may lack some details: the lists read as empty and the counts follow the lists. */
const usageDetailsSchema = derive(
  z.catch(
    z.object({ ...usageDetailsShape, numberOfImages: countIfSent, numberOfVideos: countIfSent }),
    {
      imageUrls: [],
      videoUrls: [],
      inputImageUrls: [],
      styleName: null,
      numberOfImages: null,
      numberOfVideos: null,
    },
  ),
  usageDetails,
  (details) => ({
    ...details,
    numberOfImages: details.numberOfImages ?? details.imageUrls.length,
    numberOfVideos: details.numberOfVideos ?? details.videoUrls.length,
  }),
);

export const generationHistoryItemSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  generation_type: z.string(),
  display_name: z.string(),
  prompt: text,
  credits_used: int,
  /** succeeded: output exists; refunded: failed and credits returned; expired: plan credits lapsed. */
  status: z.enum(USAGE_STATUSES),
  details: usageDetailsSchema,
});
export type GenerationHistoryItem = z.infer<typeof generationHistoryItemSchema>;

/**
 * Per-type totals, keyed by generation type; the browser recomputes them per period, so an
 * unreadable map reads as empty. (An object with a catchall is the same map as `z.record` in
 * JSON Schema, at a tenth of its size in the browser bundle.)
 */
export const usageByTypeSchema = z.catch(
  z.catchall(z.object({}), z.object({ display_name: z.string(), credits_used: int, count: int })),
  {},
);

/** `GET /credit-transactions/generation-history/:userId` (spec §3). */
export const generationHistoryResponseSchema = z.object({
  success,
  current_balance: int,
  /**
   * Credits and successful generations per type in the asked period (every page carries them);
   * failed (refunded) ones are not counted.
   */
  usage_by_type: usageByTypeSchema,
  /** One page, newest first (ADR 044). */
  generation_history: z.array(generationHistoryItemSchema),
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: z.catch(z.nullable(z.string()), null),
});
export type GenerationHistoryResponse = z.infer<typeof generationHistoryResponseSchema>;
