import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '@studio/contract';
import { users } from './auth';

/**
 * A personal API key (issue 35): only its SHA-256 is kept (the key is 256 random bits, so a plain
 * hash is enough: nothing to guess), with the prefix shown to tell keys apart. A revoked key keeps
 * its row (its last use stays visible) and never resolves again.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters (`sk_live_AbC1…`), as the list shows it. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key, hex. */
    keyHash: text('key_hash').notNull().unique(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Updated at most every few minutes, never on every call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);
