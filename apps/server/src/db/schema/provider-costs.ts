import { index, integer, numeric, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { generations } from './generations';

/**
 * What a provider billed us for, one row per provider request (issues 29 and 31): written when a
 * request is submitted and again when it ends, for charged, free and refunded work alike, and for
 * requests no generation holds (a late webhook of work refunded after its id was lost, or of work
 * refunded at its deadline). `npm run admin -- provider-costs` reads it.
 */
export const providerCosts = pgTable(
  'provider_costs',
  {
    requestId: text('request_id').primaryKey(),
    /** The generation the request was for; kept when the generation is deleted (null then). */
    generationId: text('generation_id').references(() => generations.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    modelId: text('model_id').notNull(),
    /**
     * `submitted` (no answer yet), `completed`, `failed` (the provider reported an error),
     * `cancelled` (we asked the provider to stop it, at a deadline), `late` (it finished after its
     * generation was refunded), `unclaimed` (ran, held by no generation, charged to nobody).
     */
    outcome: text('outcome').notNull(),
    /** The provider's compute time when it reported one. */
    inferenceMs: integer('inference_ms'),
    /** How many of the price's unit it used (images, videos, requests, compute seconds). */
    units: real('units'),
    /** By the configured price table, in US dollars; null when the model has no price. */
    costUsd: numeric('cost_usd', { precision: 12, scale: 6, mode: 'number' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('provider_costs_recorded_idx').on(t.recordedAt),
    index('provider_costs_generation_idx').on(t.generationId),
  ],
);
