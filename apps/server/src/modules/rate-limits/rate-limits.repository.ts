import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

/*
 * The database's clock (clock_timestamp()) decides windows, not each process's: every API process
 * then agrees on when a window ends, whatever their clocks say.
 */

/**
 * Counts one request under `key` in a fixed window of `windowMs`, atomically (one upsert, so two
 * processes counting at once cannot both see the same number): a missing or expired row starts a
 * new window at 1. Returns the count including this request and the milliseconds left.
 */
export async function incrementCounter(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ count: number; ttlMs: number }> {
  const expired = sql`${rateLimitCounters.expiresAt} <= clock_timestamp()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({
      key,
      count: 1,
      expiresAt: sql`clock_timestamp() + make_interval(secs => ${windowMs / 1000})`,
    })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitCounters.count} + 1 END`,
        expiresAt: sql`CASE WHEN ${expired} THEN excluded.expires_at ELSE ${rateLimitCounters.expiresAt} END`,
      },
    })
    .returning({
      count: rateLimitCounters.count,
      ttlMs: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitCounters.expiresAt} - clock_timestamp()) * 1000))::int`,
    });
  if (!row) throw new Error('rate-limit upsert returned no row');
  return row;
}

/** Deletes counters whose window has ended; returns how many went. */
export async function deleteExpiredCounters(db: Db): Promise<number> {
  const gone = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.expiresAt, sql`clock_timestamp()`))
    .returning({ key: rateLimitCounters.key });
  return gone.length;
}
