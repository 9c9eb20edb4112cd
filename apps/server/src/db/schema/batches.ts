import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GarmentPhotoType, Mode, TryOnCategory } from '@studio/contract/tools';

/** A garment or model of a catalogue as it was resolved: our media URL and its display name. */
export interface BatchInput {
  imageUrl: string;
  name: string;
  /** Models only: a catalog template's id, or absent for the user's own photo. */
  templateId?: string;
}

/** What a catalogue was asked for, with every input resolved and named (ADR 017). */
export interface BatchSettings {
  garments: BatchInput[];
  models: BatchInput[];
  category: TryOnCategory;
  garmentPhotoType: GarmentPhotoType;
  numImages: number;
  mode: Mode;
}

/**
 * A try-on catalogue (issue 13, ADR 017): every garment on every model, one generation per pair
 * (`generations.batch_id`). Each pair holds and settles its own credit reservation, so the batch
 * keeps no money state of its own: `credits` is what was reserved when it was accepted.
 */
export const generationBatches = pgTable(
  'generation_batches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** The seller's name for it, or one the server made up; the zip is named after it. */
    name: text('name').notNull(),
    settings: jsonb('settings').$type<BatchSettings>().notNull(),
    pairCount: integer('pair_count').notNull(),
    credits: integer('credits').notNull(),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('generation_batches_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('generation_batches_user_idempotency_idx')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);
