import { and, asc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/db-or-tx';
import {
  creditAccounts,
  creditEntries,
  creditLots,
  creditReservations,
  type LotAllocation,
} from '../../db/schema';

export type EntryRow = typeof creditEntries.$inferSelect;
export type LotRow = typeof creditLots.$inferSelect;
export type ReservationRow = typeof creditReservations.$inferSelect;

/**
 * Creates the account if needed and locks its row until the transaction ends. Every ledger change
 * for a user takes this lock first, so changes for one user are serialised while different users
 * proceed in parallel.
 */
export async function lockAccount(tx: Tx, userId: string): Promise<number> {
  await tx.insert(creditAccounts).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId))
    .for('update');
  if (!row) throw new Error(`credit account ${userId} vanished`);
  return row.balance;
}

export async function setBalance(tx: Tx, userId: string, balance: number, at: Date): Promise<void> {
  await tx
    .update(creditAccounts)
    .set({ balance, updatedAt: at })
    .where(eq(creditAccounts.userId, userId));
}

export async function findBalance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId));
  return row?.balance ?? 0;
}

export async function findEntryByKey(db: DbOrTx, key: string): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(creditEntries).where(eq(creditEntries.idempotencyKey, key));
  return row;
}

export type NewEntry = typeof creditEntries.$inferInsert;

export async function insertEntry(tx: Tx, entry: NewEntry): Promise<EntryRow> {
  const [row] = await tx.insert(creditEntries).values(entry).returning();
  if (!row) throw new Error('credit entry not inserted');
  return row;
}

export async function insertLot(tx: Tx, lot: typeof creditLots.$inferInsert): Promise<LotRow> {
  const [row] = await tx.insert(creditLots).values(lot).returning();
  if (!row) throw new Error('credit lot not inserted');
  return row;
}

/** Lots with credits left that have not lapsed, soonest-expiring first, never-expiring last. */
export async function spendableLots(tx: Tx, userId: string, now: Date): Promise<LotRow[]> {
  return tx
    .select()
    .from(creditLots)
    .where(
      and(
        eq(creditLots.userId, userId),
        gt(creditLots.remaining, 0),
        sql`(${creditLots.expiresAt} is null or ${creditLots.expiresAt} > ${now})`,
      ),
    )
    .orderBy(sql`${creditLots.expiresAt} asc nulls last`, asc(creditLots.createdAt));
}

export async function addToLot(tx: Tx, lotId: string, delta: number): Promise<void> {
  await tx
    .update(creditLots)
    .set({ remaining: sql`${creditLots.remaining} + ${delta}` })
    .where(eq(creditLots.id, lotId));
}

/** Lots past their end that still hold credits (optionally for one user). */
export async function lapsedLots(tx: DbOrTx, now: Date, userId?: string): Promise<LotRow[]> {
  return tx
    .select()
    .from(creditLots)
    .where(
      and(
        gt(creditLots.remaining, 0),
        isNotNull(creditLots.expiresAt),
        lte(creditLots.expiresAt, now),
        userId === undefined ? undefined : eq(creditLots.userId, userId),
      ),
    )
    .orderBy(asc(creditLots.userId));
}

export async function insertReservation(
  tx: Tx,
  values: { id: string; userId: string; amount: number; allocations: LotAllocation[]; at: Date },
): Promise<void> {
  await tx.insert(creditReservations).values({
    id: values.id,
    userId: values.userId,
    amount: values.amount,
    allocations: values.allocations,
    createdAt: values.at,
  });
}

export async function findReservation(db: DbOrTx, id: string): Promise<ReservationRow | undefined> {
  const [row] = await db.select().from(creditReservations).where(eq(creditReservations.id, id));
  return row;
}

export async function settleReservation(
  tx: Tx,
  id: string,
  status: 'captured' | 'released',
  at: Date,
): Promise<void> {
  await tx
    .update(creditReservations)
    .set({ status, settledAt: at })
    .where(eq(creditReservations.id, id));
}

export async function listEntries(db: DbOrTx, userId: string): Promise<EntryRow[]> {
  return db
    .select()
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId))
    .orderBy(asc(creditEntries.id));
}

export interface BalanceMismatch {
  userId: string;
  balance: number;
  entriesSum: number;
  lotsSum: number;
}

/** Every account whose balance differs from the sum of its entries or of its lots. */
export async function findBalanceMismatches(db: DbOrTx): Promise<BalanceMismatch[]> {
  const result = await db.execute<{
    user_id: string;
    balance: number;
    entries_sum: string;
    lots_sum: string;
  }>(sql`
    with users_ as (
      select user_id from credit_accounts
      union select user_id from credit_entries
      union select user_id from credit_lots
    ),
    e as (select user_id, sum(amount) as s from credit_entries group by user_id),
    l as (select user_id, sum(remaining) as s from credit_lots group by user_id)
    select u.user_id, coalesce(a.balance, 0) as balance,
           coalesce(e.s, 0)::text as entries_sum, coalesce(l.s, 0)::text as lots_sum
    from users_ u
    left join credit_accounts a on a.user_id = u.user_id
    left join e on e.user_id = u.user_id
    left join l on l.user_id = u.user_id
    where coalesce(a.balance, 0) <> coalesce(e.s, 0) or coalesce(a.balance, 0) <> coalesce(l.s, 0)
    order by u.user_id`);
  return result.rows.map((r) => ({
    userId: r.user_id,
    balance: r.balance,
    entriesSum: Number(r.entries_sum),
    lotsSum: Number(r.lots_sum),
  }));
}

export async function countAccounts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(creditAccounts);
  return row?.n ?? 0;
}

/** Lots with credits left that entries of one reference (e.g. a subscription) created. */
export async function lotsOfReference(
  tx: DbOrTx,
  userId: string,
  referenceType: string,
  referenceId: string,
): Promise<LotRow[]> {
  const rows = await tx
    .select({ lot: creditLots })
    .from(creditLots)
    .innerJoin(creditEntries, eq(creditEntries.id, creditLots.entryId))
    .where(
      and(
        eq(creditLots.userId, userId),
        gt(creditLots.remaining, 0),
        eq(creditEntries.referenceType, referenceType),
        eq(creditEntries.referenceId, referenceId),
      ),
    );
  return rows.map((r) => r.lot);
}

/** Makes every lot of one reference lapse at `now` at the latest (see revokeLots). */
export async function endLotsOfReference(
  tx: Tx,
  userId: string,
  referenceType: string,
  referenceId: string,
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    update credit_lots l set expires_at = least(coalesce(l.expires_at, ${now}), ${now})
    from credit_entries e
    where e.id = l.entry_id and l.user_id = ${userId}
      and e.reference_type = ${referenceType} and e.reference_id = ${referenceId}`);
}
