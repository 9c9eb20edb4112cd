import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Catalog shown by the tools (ARCHITECTURE §4): model templates, pose presets and video templates.
 * Seeded from the project's own rendered illustrations (`apps/server/assets/catalog`), kept in tables
 * so an operator can add or retire entries without a release.
 */

export const catalogTemplates = pgTable('catalog_templates', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  imageUrl: text('image_url').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull().default('General'),
  prompt: text('prompt').notNull().default(''),
  live: boolean('live').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

export const catalogPoses = pgTable('catalog_poses', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** standing | sitting | leaning */
  type: text('type').notNull(),
  /** female | male */
  gender: text('gender').notNull(),
  imageUrl: text('image_url').notNull(),
  prompt: text('prompt').notNull().default(''),
  generationType: text('generation_type').notNull().default('pose'),
  live: boolean('live').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const catalogVideoTemplates = pgTable('catalog_video_templates', {
  id: text('id').primaryKey(),
  videoUrl: text('video_url').notNull(),
  thumbnailUrl: text('thumbnail_url').notNull(),
  durationSeconds: integer('duration_seconds').notNull(),
  type: text('type').notNull().default('tryon'),
  live: boolean('live').notNull().default(true),
});
