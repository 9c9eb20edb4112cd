import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { generations } from './generations';

/**
 * What a provider billed us for, one row per provider request (issue 29; issue 31 adds a price per
 * model and a row for every request). Today it holds the requests no generation could claim: fal
 * ran them (a late webhook says so) after their generation had lost the request id and was refunded,
 * so we pay for them and the user never does.
 */
export const providerCosts = pgTable(
  'provider_costs',
  {
    requestId: text('request_id').primaryKey(),
    /** The generation the request was for; kept when the generation is deleted (null then). */
    generationId: text('generation_id').references(() => generations.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    modelId: text('model_id').notNull(),
    /** `unclaimed`: ran at the provider, held by no generation, charged to nobody. */
    outcome: text('outcome').notNull(),
    /** The provider's compute time when it reported one. */
    inferenceMs: integer('inference_ms'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('provider_costs_recorded_idx').on(t.recordedAt),
    index('provider_costs_generation_idx').on(t.generationId),
  ],
);
