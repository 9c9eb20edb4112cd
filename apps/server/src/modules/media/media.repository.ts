import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media } from '../../db/schema';

export type MediaRow = typeof media.$inferSelect;

export async function insertMedia(db: Db, values: typeof media.$inferInsert): Promise<MediaRow> {
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

export async function listIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: media.id }).from(media).where(eq(media.userId, userId));
  return rows.map((r) => r.id);
}

export async function deleteByUser(db: Db, userId: string): Promise<void> {
  await db.delete(media).where(eq(media.userId, userId));
}
