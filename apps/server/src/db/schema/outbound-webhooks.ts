import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { WebhookDeliveryStatus, WebhookEvent } from '@studio/contract';
import { users } from './auth';

/**
 * An endpoint a seller registered to be told when work finishes (issue 35, ADR 060). Its signing
 * secrets are kept encrypted (AES-256-GCM under a key derived from the auth secret): they must
 * be read back to sign, so a hash will not do, and a database dump alone must not forge our
 * deliveries. After a rotation the previous secret keeps signing beside the new one until
 * `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    /** enabled | disabled */
    status: text('status').notNull().default('enabled'),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The `whsec_…` secret, encrypted (platform/secret-box.ts). */
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** The last 2xx answer: an endpoint is disabled only after a whole schedule without one. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One event for one endpoint, and the outbox its delivery is worked from (ADR 060): written in
 * the transaction that finished the work, attempted by the dispatcher when `next_attempt_at`
 * comes, retried on the schedule until a 2xx or the schedule's end. The id is the
 * `webhook-id`, the same on every attempt. `payload` is `json` (not `jsonb`) so the body keeps
 * its key order: every attempt sends the same bytes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    /** Insertion order: the delivery log's newest-first keyset cursor. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<WebhookEvent>().notNull(),
    payload: json('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * Whether a failed attempt is retried on the schedule (attempt n waits the schedule's n-th
     * delay); a manual resend of a finished delivery is one attempt, without retries.
     */
    autoRetry: boolean('auto_retry').notNull().default(true),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** When the next attempt is due; null once the delivery succeeded or failed for good. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The dispatcher holding an attempt in flight, and until when (a dead one's lapses). */
    leaseToken: text('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_seq_idx').on(t.endpointId, t.seq),
    // The daily prune of old finished deliveries.
    index('webhook_deliveries_created_idx').on(t.createdAt),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
