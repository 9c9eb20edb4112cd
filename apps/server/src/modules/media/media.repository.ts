import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media, mediaSweeps } from '../../db/schema';
import type { DbOrTx } from '../credits/credits.service';

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
 * transaction deletes (`rowDeleted`, due at once).
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

export async function unmarkForSweep(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(mediaSweeps).where(inArray(mediaSweeps.mediaId, [...ids]));
}

/** Marks due for the sweeper, oldest first, each with whether its media row exists. */
export async function dueSweeps(
  db: Db,
  graceMs: number,
  limit: number,
): Promise<{ mediaId: string; hasRow: boolean }[]> {
  return db
    .select({
      mediaId: mediaSweeps.mediaId,
      hasRow: sql<boolean>`exists (select 1 from ${media} where ${media.id} = ${mediaSweeps.mediaId})`,
    })
    .from(mediaSweeps)
    .where(
      or(
        eq(mediaSweeps.rowDeleted, true),
        lte(mediaSweeps.markedAt, sql`now() - make_interval(secs => ${graceMs / 1000})`),
      ),
    )
    .orderBy(mediaSweeps.markedAt)
    .limit(limit);
}
