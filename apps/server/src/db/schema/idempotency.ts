import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * What an `Idempotency-Key` sent with a POST that makes no generation or catalogue row of its own
 * (uploads, listing packs) names for 24 hours (issue 35, ADR 059): the fingerprint of the first
 * request and, once it succeeded, its answer. A request in flight holds the row (`claim`, until
 * `locked_until`); a failed one deletes it, so a retry runs again. Generations and catalogues keep
 * their keys on their own rows.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** requestFingerprint(route, body): another body under the same key is 422. */
    requestHash: text('request_hash').notNull(),
    /** Random per attempt: only the request that claimed the row saves or releases it. */
    claim: text('claim').notNull(),
    /** While the first request runs: after this, its claim counts as abandoned (a crash). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The first answer, once it succeeded; null while in flight. */
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
);
