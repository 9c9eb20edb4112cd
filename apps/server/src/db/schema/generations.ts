import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One piece of paid work. The credits issue needs its history (usage, refunds); the generation
 * platform adds the job columns. Outputs are our stored media URLs.
 */
export const generations = pgTable(
  'generations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** Tool type as the gallery names it: upscaler, video-generation, photoshoot… */
    type: text('type').notNull(),
    /** queued | running | succeeded | failed | canceled */
    status: text('status').notNull().default('queued'),
    prompt: text('prompt').notNull().default(''),
    styleName: text('style_name'),
    credits: integer('credits').notNull(),
    inputImageUrls: jsonb('input_image_urls').$type<string[]>().notNull().default([]),
    imageUrls: jsonb('image_urls').$type<string[]>().notNull().default([]),
    videoUrls: jsonb('video_urls').$type<string[]>().notNull().default([]),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('generations_user_created_idx').on(t.userId, t.createdAt)],
);
