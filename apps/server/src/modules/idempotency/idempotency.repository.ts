import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_WINDOW } from '../../db/keyed-work';
import type { DbOrTx } from '../../db/db-or-tx';
import { idempotentRequests } from '../../db/schema';

const t = idempotentRequests;
const WINDOW = IDEMPOTENCY_WINDOW;

export interface Claim {
  userId: string;
  key: string;
  requestHash: string;
  /** Random per attempt. */
  claim: string;
  /** How long the attempt may run before another may take the key over. */
  leaseMs: number;
}

/**
 * Takes the key for this attempt, atomically: a new key; one whose 24 hours are over (free
 * again); or one whose first request neither finished nor failed within its lease (its process
 * died). True when this attempt holds it now.
 */
export async function claimKey(db: DbOrTx, c: Claim): Promise<boolean> {
  const rows = await db
    .insert(t)
    .values({
      userId: c.userId,
      key: c.key,
      requestHash: c.requestHash,
      claim: c.claim,
      lockedUntil: sql`clock_timestamp() + make_interval(secs => ${c.leaseMs / 1000})`,
      createdAt: sql`clock_timestamp()`,
    })
    .onConflictDoUpdate({
      target: [t.userId, t.key],
      set: {
        requestHash: sql`excluded.request_hash`,
        claim: sql`excluded.claim`,
        lockedUntil: sql`excluded.locked_until`,
        response: sql`null`,
        createdAt: sql`excluded.created_at`,
      },
      setWhere: sql`${t.createdAt} <= clock_timestamp() - ${WINDOW} OR (${t.response} IS NULL AND ${t.lockedUntil} <= clock_timestamp())`,
    })
    .returning({ claim: t.claim });
  return rows[0]?.claim === c.claim;
}

/** The request a key names within its 24 hours: its fingerprint and, once done, its answer. */
export async function findKey(db: DbOrTx, userId: string, key: string) {
  const [row] = await db
    .select({ requestHash: t.requestHash, response: t.response })
    .from(t)
    .where(
      and(
        eq(t.userId, userId),
        eq(t.key, key),
        sql`${t.createdAt} > clock_timestamp() - ${WINDOW}`,
      ),
    );
  return row;
}

/** Keeps the first answer under the key, if this attempt still holds it. */
export async function saveAnswer(
  db: DbOrTx,
  userId: string,
  key: string,
  claim: string,
  response: unknown,
): Promise<void> {
  await db
    .update(t)
    .set({ response, lockedUntil: null })
    .where(and(eq(t.userId, userId), eq(t.key, key), eq(t.claim, claim)));
}

/** A failed attempt lets the key go, so that a retry runs again (Stripe keeps no failure either). */
export async function releaseKey(
  db: DbOrTx,
  userId: string,
  key: string,
  claim: string,
): Promise<void> {
  await db
    .delete(t)
    .where(and(eq(t.userId, userId), eq(t.key, key), eq(t.claim, claim), isNull(t.response)));
}

/** Deletes keys whose 24 hours are over; returns how many went. */
export async function deleteExpiredKeys(db: DbOrTx): Promise<number> {
  const gone = await db
    .delete(t)
    .where(lt(t.createdAt, sql`clock_timestamp() - ${WINDOW}`))
    .returning({ key: t.key });
  return gone.length;
}
