import { FINISHED_STATUSES } from '@studio/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { generations, media } from '../../db/schema';
import type { DbOrTx } from '../credits/credits.service';
import type { GenerationRow } from './generations.repository';

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
        // Finished work only: a queued or running generation is still the worker's to write.
        inArray(generations.status, [...FINISHED_STATUSES]),
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

/** Deletes the user's media rows among `ids` and returns the ids that went. */
export async function deleteOwnMedia(db: DbOrTx, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(media)
    .where(and(eq(media.userId, userId), inArray(media.id, [...ids])))
    .returning({ id: media.id });
  return rows.map((row) => row.id);
}
