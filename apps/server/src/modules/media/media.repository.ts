import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { generations, media, mediaSweeps } from '../../db/schema';
import type { DbOrTx, Tx } from '../../db/db-or-tx';

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
 * A generation's output names its generation: its mark stays after the row is written, until the
 * sweep has seen that the generation names it.
 */
export async function markForSweep(
  db: DbOrTx,
  ids: readonly string[],
  rowDeleted: boolean,
  generationId: string | null = null,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insert(mediaSweeps)
    .values(ids.map((mediaId) => ({ mediaId, rowDeleted, generationId })))
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

/**
 * Restarts the wait of the marks of `ids` (an output whose row is now written, or whose generation
 * is still running); answers how many there were. Each is locked until the transaction ends.
 */
export async function restartSweepMarks(db: DbOrTx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const kept = await db
    .update(mediaSweeps)
    .set({ markedAt: sql`now()` })
    .where(inArray(mediaSweeps.mediaId, [...ids]))
    .returning({ mediaId: mediaSweeps.mediaId });
  return kept.length;
}

/**
 * Deletes media rows by id (outputs no generation names), skipping rows another transaction holds:
 * the sweep holds their marks, and a deletion (an account erasure) locks rows before marks, so
 * waiting here could close a cycle. Answers the ids that went.
 */
export async function deleteUnlockedMedia(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const unlocked = db
    .select({ id: media.id })
    .from(media)
    .where(inArray(media.id, [...ids]))
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(media)
    .where(inArray(media.id, unlocked))
    .returning({ id: media.id });
  return rows.map((row) => row.id);
}

export interface SweepGrace {
  /** An unfinished write's marks are due this long after the mark. */
  writeGraceMs: number;
  /** A deleted row's marks: the deleting process removes its objects itself meanwhile. */
  deletionGraceMs: number;
}

export interface DueSweep {
  mediaId: string;
  /** The media row's owner; null when the row does not exist. */
  ownerId: string | null;
  /** The generation an output was stored for; null for any other mark. */
  generationId: string | null;
  /** That generation's status; null when it does not exist (deleted) or there is none. */
  generationStatus: string | null;
  /** Whether that generation names the media among its outputs or as its thumbnail. */
  namedByGeneration: boolean;
}

/**
 * Up to `limit` due marks, oldest first, each with its media row's owner (null: no row) and, for
 * an output, its generation's status and whether it names the output: one primary-key look each,
 * however many generations the user has. Locked until the transaction ends (others' sweeps skip
 * them, and a late write's unmark waits for the verdict); the rows read alongside are not locked.
 */
export async function lockDueSweeps(tx: Tx, grace: SweepGrace, limit: number): Promise<DueSweep[]> {
  const olderThan = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;
  // Its URL (`…/media/{id}`, any variant) in the outputs or the thumbnail; ids are base64url.
  const outputsText = sql`${generations.imageUrls}::text || ${generations.videoUrls}::text
    || coalesce(${generations.thumbnailUrl}, '')`;
  return tx
    .select({
      mediaId: mediaSweeps.mediaId,
      ownerId: media.userId,
      generationId: mediaSweeps.generationId,
      generationStatus: generations.status,
      namedByGeneration: sql<boolean>`coalesce(${outputsText}
        ~ ('/media/' || ${mediaSweeps.mediaId} || '([^A-Za-z0-9_-]|$)'), false)`,
    })
    .from(mediaSweeps)
    .leftJoin(media, eq(media.id, mediaSweeps.mediaId))
    .leftJoin(generations, eq(generations.id, mediaSweeps.generationId))
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
    .for('update', { of: mediaSweeps, skipLocked: true });
}

/**
 * Which of `mediaIds` some generation of the user still names (as input, output or setting). One
 * pass over the user's rows: every media URL in a row (`…/media/{id}`, relative or absolute,
 * with or without a variant) is read out once and matched against the set, instead of searching
 * each row's text once per id (300 ids over 100k rows was 30 million searches). Run only on
 * delete, so no index is kept for it.
 */
export async function stillReferenced(
  db: DbOrTx,
  userId: string,
  mediaIds: readonly string[],
): Promise<Set<string>> {
  if (mediaIds.length === 0) return new Set();
  const result = await db.execute<{ id: string }>(sql`
    select distinct ref[1] as id
    from ${generations} g,
      regexp_matches(g.image_urls::text || g.video_urls::text || g.input_image_urls::text
        || coalesce(g.thumbnail_url, '') || g.settings::text, '/media/([A-Za-z0-9_-]+)', 'g') as ref
    where g.user_id = ${userId}
      and ref[1] = any(${sql.raw('array[')}${sql.join(
        mediaIds.map((id) => sql`${id}`),
        sql`, `,
      )}${sql.raw(']::text[]')})`);
  return new Set(result.rows.map((row) => row.id));
}
