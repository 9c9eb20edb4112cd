import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * fal's verified webhook deliveries, one per fal request id (ADR 035). The key makes a replay
 * detectable; the waiting job reads its result from here, in whichever process it runs, even when
 * fal called back before the request id was stored. Rows older than two days are pruned: by then
 * fal's signed timestamp refuses any replay anyway.
 */
export const falWebhookDeliveries = pgTable(
  'fal_webhook_deliveries',
  {
    requestId: text('request_id').primaryKey(),
    ok: boolean('ok').notNull(),
    /** fal's `payload` (the result); null when it sent none. */
    payload: jsonb('payload'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fal_webhook_deliveries_received_idx').on(t.receivedAt)],
);
