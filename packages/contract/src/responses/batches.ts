import { z } from 'zod/mini';
import { GARMENT_PHOTO_TYPES, MODES, TRY_ON_CATEGORIES } from '../tools';
import { generationSchema } from './generations';
import { int, success, text, textOrNull } from './read';

/** `POST /try-on/batches` (202): the catalogue was priced, charged and queued as a whole. */
export const batchAcceptedSchema = z.object({
  success,
  batchId: z.string(),
  /** Generations made: garments × models. */
  pairs: int,
  /** Credits reserved for the whole catalogue (each pair holds its own share). */
  creditCost: int,
});
export type BatchAccepted = z.infer<typeof batchAcceptedSchema>;

/** A garment or model of a catalogue as the server names it (`name` never empty). */
const batchInputSchema = z.object({ imageUrl: z.string(), name: text });

/** One garment × model pair: its own generation, refunded alone when it fails. */
export const batchItemSchema = z.object({
  garmentIndex: int,
  modelIndex: int,
  generation: generationSchema,
});
export type BatchItem = z.infer<typeof batchItemSchema>;

/** `GET /try-on/batches/:id` (and cancel): everything a progress view needs, in one answer. */
export const tryOnBatchSchema = z.object({
  id: z.string(),
  /** The seller's name for it, or the server's ('Catalogue 24 Nov 14:05'); the zip's name. */
  name: z.string(),
  createdAt: text,
  /** `running` while any pair is queued or running. */
  status: z.enum(['running', 'finished']),
  garments: z.array(batchInputSchema),
  models: z.array(batchInputSchema),
  category: z.enum(TRY_ON_CATEGORIES),
  garmentPhotoType: z.enum(GARMENT_PHOTO_TYPES),
  numImages: int,
  mode: z.enum(MODES),
  counts: z.object({
    total: int,
    succeeded: int,
    failed: int,
    canceled: int,
    active: int,
  }),
  /** Credits charged for pairs that succeeded or are still running. */
  creditCost: int,
  /** Credits given back for pairs that failed or were canceled. */
  refunded: int,
  /** Ordered by garment, then model. */
  items: z.array(batchItemSchema),
  /** The zip of every finished photo, once there is one. */
  zipUrl: textOrNull,
});
export type TryOnBatch = z.infer<typeof tryOnBatchSchema>;
export const tryOnBatchResponseSchema = z.object({ success, batch: tryOnBatchSchema });
export type TryOnBatchResponse = z.infer<typeof tryOnBatchResponseSchema>;

/**
 * `GET /try-on/batches/latest`: the user's most recent catalogue (running or not), or null, so
 * /try-on shows it again after a reload or a return without the id in the address.
 */
export const latestBatchResponseSchema = z.object({ success, batch: z.nullable(tryOnBatchSchema) });
export type LatestBatchResponse = z.infer<typeof latestBatchResponseSchema>;
