import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every API process and kept across restarts (issue 19, ADR 038):
 * one row per limit and key (`generate:<user id>`, `sign-in-address:<ip>`…), counting requests in a
 * fixed window that ends at `expires_at`. Expired rows are reset in place by the next request and
 * deleted by a periodic sweep.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);

/**
 * Password attempts per account and client (`account` holds `<lower-cased email>|ip:<address>` or
 * `…|device:<id>`), for the progressive delay that replaces a lockout (ADR 038): attempts beyond the
 * free ones must wait a doubling, capped delay after the last one. A success deletes its row; rows
 * quiet for the whole window are swept.
 */
export const passwordAttempts = pgTable(
  'password_attempts',
  {
    account: text('account').primaryKey(),
    attempts: integer('attempts').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_attempts_last_idx').on(t.lastAt)],
);
