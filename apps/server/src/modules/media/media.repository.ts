import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media, mediaSweeps } from '../../db/schema';
import type { DbOrTx, Tx } from '../credits/credits.service';

export type MediaRow = typeof media.$inferSelect;

export async function insertMedia(
  db: DbOrTx,
  values: typeof media.$inferInsert,
): Promise<MediaRow> {
  const [row] = await db.insert(media).values(values).returning();
  if (!row) throw new Error('media not inserted');
  return row;
}

export async function findMedia(db: Db, id: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row;
}

/** A user's media rows among `ids`, in one query (ids that are not theirs are left out). */
export async function findOwnMediaByIds(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(media)
    .where(and(eq(media.userId, userId), inArray(media.id, [...ids])));
}

export async function bytesUsed(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${media.bytes}), 0)::text` })
    .from(media)
    .where(eq(media.userId, userId));
  return Number(row?.total ?? 0);
}

/** Deletes every media row of the user and returns their ids. */
export async function deleteByUser(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.delete(media).where(eq(media.userId, userId)).returning({ id: media.id });
  return rows.map((r) => r.id);
}

/**
 * Marks ids whose objects may outlive their row (ADR 046): a write about to start, or rows this
 * transaction deletes (`rowDeleted`, due after the deletion grace). Marking again restarts the wait.
 */
export async function markForSweep(
  db: DbOrTx,
  ids: readonly string[],
  rowDeleted: boolean,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insert(mediaSweeps)
    .values(ids.map((mediaId) => ({ mediaId, rowDeleted })))
    .onConflictDoUpdate({
      target: mediaSweeps.mediaId,
      set: { rowDeleted, markedAt: sql`now()` },
    });
}

/** Removes the marks of `ids`; answers how many there were. */
export async function unmarkForSweep(db: DbOrTx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const gone = await db
    .delete(mediaSweeps)
    .where(inArray(mediaSweeps.mediaId, [...ids]))
    .returning({ mediaId: mediaSweeps.mediaId });
  return gone.length;
}

export interface SweepGrace {
  /** An unfinished write's marks are due this long after the mark. */
  writeGraceMs: number;
  /** A deleted row's marks: the deleting process removes its objects itself meanwhile. */
  deletionGraceMs: number;
}

/**
 * Up to `limit` due marks, oldest first, each with whether its media row exists, locked until the
 * transaction ends (others' sweeps skip them, and a late write's unmark waits for the verdict).
 */
export async function lockDueSweeps(
  tx: Tx,
  grace: SweepGrace,
  limit: number,
): Promise<{ mediaId: string; hasRow: boolean }[]> {
  const olderThan = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;
  return tx
    .select({
      mediaId: mediaSweeps.mediaId,
      hasRow: sql<boolean>`exists (select 1 from ${media} where ${media.id} = ${mediaSweeps.mediaId})`,
    })
    .from(mediaSweeps)
    .where(
      or(
        and(
          eq(mediaSweeps.rowDeleted, true),
          lte(mediaSweeps.markedAt, olderThan(grace.deletionGraceMs)),
        ),
        lte(mediaSweeps.markedAt, olderThan(grace.writeGraceMs)),
      ),
    )
    .orderBy(mediaSweeps.markedAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}
