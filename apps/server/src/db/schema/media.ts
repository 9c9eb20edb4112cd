import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every stored image: uploads and generation outputs. The id is 128 random bits (it is also the
 * unguessable part of the media URL); the bytes live in Storage under `{id}/…`.
 */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** upload | output */
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    ext: text('ext').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Size of the stored original plus its thumbnail and preview. */
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    thumbhash: text('thumbhash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Media ids whose stored objects may have no row (ADR 046). A new id is marked before its bytes
 * are written and unmarked in the transaction that inserts its row; deleted rows are marked in
 * the transaction that deletes them (`rowDeleted`) and unmarked once their objects are gone. So a
 * process killed between the two steps leaves a mark, and the sweeper removes those objects: a
 * deleted row's at once, an unfinished write's after a grace period. A generation's output keeps
 * its mark past its row's insert (`generationId`): the sweeper then removes the row and its
 * objects unless a generation names it (work settled elsewhere while it was stored, issue 29).
 */
export const mediaSweeps = pgTable(
  'media_sweeps',
  {
    mediaId: text('media_id').primaryKey(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
    rowDeleted: boolean('row_deleted').notNull().default(false),
    /**
     * The generation an output was stored for: one primary-key look tells whether it names the
     * output. Only the mark holds it, so nothing is added to every media row for a one-time check.
     */
    generationId: text('generation_id'),
  },
  (t) => [index('media_sweeps_marked_idx').on(t.markedAt)],
);
