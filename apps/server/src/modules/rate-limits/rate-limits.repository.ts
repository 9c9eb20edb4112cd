import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordAttempts, rateLimitCounters } from '../../db/schema';

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

/** How one account's password attempts from one client are spaced out (password-attempts.ts). */
export interface AttemptRule {
  /** Attempts allowed back to back before any wait. */
  free: number;
  /** The longest wait between two attempts, in seconds. */
  maxDelaySeconds: number;
  /** Quiet time after which an account's attempts are forgotten, in seconds. */
  forgetAfterSeconds: number;
}

/**
 * Records one password attempt in `bucket` (an account and a client, `<email>|ip:<address>`) if its
 * wait is over, atomically: an attempt beyond the free ones must come at least
 * min(2^(attempts - free), max) seconds after the previous one. The row is locked by the upsert, so
 * parallel guesses cannot all slip through one opening. Returns null when allowed, else the
 * seconds still to wait.
 */
export async function claimPasswordAttempt(
  db: Db,
  bucket: string,
  rule: AttemptRule,
): Promise<number | null> {
  const t = passwordAttempts;
  const forgotten = sql`${t.lastAt} <= clock_timestamp() - make_interval(secs => ${rule.forgetAfterSeconds})`;
  const opensAt = sql`${t.lastAt} + make_interval(secs => least(power(2, ${t.attempts} - ${rule.free}), ${rule.maxDelaySeconds}))`;
  const claimed = await db
    .insert(t)
    .values({ account: bucket, attempts: 1, lastAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: t.account,
      set: {
        attempts: sql`CASE WHEN ${forgotten} THEN 1 ELSE ${t.attempts} + 1 END`,
        lastAt: sql`clock_timestamp()`,
      },
      setWhere: sql`${forgotten} OR ${t.attempts} < ${rule.free} OR ${opensAt} <= clock_timestamp()`,
    })
    .returning({ attempts: t.attempts });
  if (claimed.length > 0) return null;
  const [row] = await db
    .select({
      wait: sql<number>`greatest(1, ceil(extract(epoch from ${opensAt} - clock_timestamp())))::int`,
    })
    .from(t)
    .where(eq(t.account, bucket));
  return row?.wait ?? 1;
}

/** A correct password: the bucket's attempts start again from nothing. */
export async function clearPasswordAttempts(db: Db, bucket: string): Promise<void> {
  await db.delete(passwordAttempts).where(eq(passwordAttempts.account, bucket));
}

/** Deletes the attempts of accounts quiet for `forgetAfterSeconds`; returns how many went. */
export async function deleteForgottenAttempts(db: Db, forgetAfterSeconds: number): Promise<number> {
  const gone = await db
    .delete(passwordAttempts)
    .where(
      lt(
        passwordAttempts.lastAt,
        sql`clock_timestamp() - make_interval(secs => ${forgetAfterSeconds})`,
      ),
    )
    .returning({ account: passwordAttempts.account });
  return gone.length;
}
