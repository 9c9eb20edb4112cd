import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/*
 * Idempotency-Key windows (issue 35, ADR 059), for every table that keeps a key: the generations,
 * catalogues and colourway sets that carry the key on the work itself, and idempotent_requests.
 */

/** How long a key names its request or work (Stripe's 24 hours), wherever it is kept. */
export const IDEMPOTENCY_WINDOW = sql`interval '24 hours'`;

/** A table that keeps the key on the work it started (generations, catalogues, colourway sets). */
interface KeyedWork {
  userId: PgColumn;
  idempotencyKey: PgColumn;
  createdAt: PgColumn;
}

/**
 * The user's work named by `key`: within the window (`live`, what a replay answers) or past it
 * (what is freed, since the unique index would refuse the key's reuse).
 */
export function keyedWork(table: KeyedWork, userId: string, key: string, live: boolean): SQL {
  const age = live
    ? sql`${table.createdAt} > now() - ${IDEMPOTENCY_WINDOW}`
    : sql`${table.createdAt} <= now() - ${IDEMPOTENCY_WINDOW}`;
  return sql`${eq(table.userId, userId)} and ${eq(table.idempotencyKey, key)} and ${age}`;
}
