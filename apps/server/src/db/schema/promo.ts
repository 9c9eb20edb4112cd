import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The dashboard's promo banner (spec document 1 §2, §3; ADR 028), managed with the admin CLI.
 * The live one is active, has started and has not ended; when several are live the one that
 * started last wins. Ending a banner early clears `active` and keeps its row.
 */
export const promoBanners = pgTable(
  'promo_banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    discount: text('discount').notNull().default(''),
    subMessage: text('sub_message').notNull().default(''),
    ctaText: text('cta_text').notNull(),
    /** A same-site path or an allowlisted https URL (checked by the contract's schema). */
    ctaLink: text('cta_link').notNull(),
    /** urgent | gift | default */
    variant: text('variant').notNull().default('default'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    /** Minutes: the countdown shows over the last this-many minutes before end_date; null: always. */
    timerDuration: integer('timer_duration'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('promo_banners_variant', sql`${t.variant} in ('urgent', 'gift', 'default')`),
    check('promo_banners_ends_after_start', sql`${t.endDate} > ${t.startsAt}`),
    check(
      'promo_banners_timer_duration_range',
      sql`${t.timerDuration} is null or (${t.timerDuration} between 1 and 527040)`,
    ),
    // The public read: the latest active banner that has started and not ended.
    index('promo_banners_live_idx')
      .on(t.startsAt)
      .where(sql`${t.active}`),
  ],
);
