import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
