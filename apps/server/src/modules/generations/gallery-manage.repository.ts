import { and, eq, inArray, sql } from 'drizzle-orm';
import { generations, media } from '../../db/schema';
import type { DbOrTx } from '../credits/credits.service';
import type { GenerationRow } from './generations.repository';

/** Finished work only: a queued or running generation is still the worker's to write. */
const FINISHED = ['succeeded', 'failed', 'canceled'];

/** The user's finished generations among `ids` (ids that are not theirs are left out). */
export async function findOwnFinished(
  db: DbOrTx,
  userId: string,
  ids: readonly string[],
  lock = false,
): Promise<GenerationRow[]> {
  const query = db
    .select()
    .from(generations)
    .where(
      and(
        eq(generations.userId, userId),
        inArray(generations.id, [...ids]),
        inArray(generations.status, FINISHED),
      ),
    );
  return lock ? query.for('update') : query;
}

export async function deleteGenerations(db: DbOrTx, userId: string, ids: readonly string[]) {
  await db
    .delete(generations)
    .where(and(eq(generations.userId, userId), inArray(generations.id, [...ids])));
}

/**
 * Which of `mediaIds` some generation of the user still names (as input, output or setting).
 * A text search over the user's rows: bounded by the request (≤ 100 generations' media) and run
 * only on delete, so no index is kept for it.
 */
export async function stillReferenced(
  db: DbOrTx,
  userId: string,
  mediaIds: readonly string[],
): Promise<Set<string>> {
  if (mediaIds.length === 0) return new Set();
  const result = await db.execute<{ id: string }>(sql`
    select m.id from unnest(array[${sql.join(
      mediaIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::text[]) as m(id)
    where exists (
      select 1 from ${generations} g
      where g.user_id = ${userId}
        and position(m.id in g.image_urls::text || g.video_urls::text || g.input_image_urls::text
          || coalesce(g.thumbnail_url, '') || g.settings::text) > 0
    )`);
  return new Set(result.rows.map((row) => row.id));
}

/** Deletes the user's media rows among `ids` and returns the ids that went. */
export async function deleteOwnMedia(db: DbOrTx, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(media)
    .where(and(eq(media.userId, userId), inArray(media.id, [...ids])))
    .returning({ id: media.id });
  return rows.map((row) => row.id);
}
