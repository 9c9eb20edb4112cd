import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TryOnCategory } from '@studio/contract/tools';
import { generations } from './generations';

/** A variant as asked: the seller's name (a SKU or a colour name) and its colour, `#rrggbb`. */
export interface ColourwaySetVariant {
  name: string;
  colour: string;
}

/** What the engine measured of a variant's output (ADR 063), kept whether it passed or not. */
export interface StoredColourwayMeasure {
  deltaE: number;
  outsideDeltaE: number;
  structure: number;
  clipped: number;
  measured: string;
  passed: boolean;
  reason: string | null;
}

/**
 * A colourway set (issue 36, ADR 063): one garment photo, one generation per colour variant
 * (`colourway_variants`). Like a catalogue (ADR 017) it keeps no money state: each variant's
 * generation holds and settles its own 1-credit reservation.
 */
export const colourwaySets = pgTable(
  'colourway_sets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** The seller's name for the set (the zip's name), or null. */
    name: text('name'),
    /** The photo every variant recolours: our media URL. */
    sourceImageUrl: text('source_image_url').notNull(),
    category: text('category').$type<TryOnCategory>().notNull(),
    variants: jsonb('variants').$type<ColourwaySetVariant[]>().notNull(),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('colourway_sets_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('colourway_sets_user_idempotency_idx')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/** One variant of a set: its generation, its place in the set, and what its output measured. */
export const colourwayVariants = pgTable(
  'colourway_variants',
  {
    generationId: text('generation_id')
      .primaryKey()
      .references(() => generations.id, { onDelete: 'cascade' }),
    setId: text('set_id')
      .notNull()
      .references(() => colourwaySets.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    /** Null until the engine measured the output (also kept when the measure failed it). */
    measure: jsonb('measure').$type<StoredColourwayMeasure>(),
  },
  (t) => [uniqueIndex('colourway_variants_set_idx').on(t.setId, t.index)],
);
