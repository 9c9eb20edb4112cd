import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ListingCheckItem, ListingContentRule } from '@studio/contract/responses';
import type { ListingRule, ListingSlot } from '@studio/contract/listing';
import { users } from './auth';

/**
 * One image checked against one marketplace's slot (ADR 057), kept so the gallery can show its
 * badges without measuring again: the media behind a URL never changes, and `rules_version` (a
 * hash of the slot's rules and the checker's version) makes a rules change miss instead of
 * answering an old verdict. A prepare's output is stored here by the runner as it is made.
 */
export const listingChecks = pgTable(
  'listing_checks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Our media URL, canonical (`/api/v1/media/{id}`). */
    imageUrl: text('image_url').notNull(),
    marketplace: text('marketplace').notNull(),
    slot: text('slot').$type<ListingSlot>().notNull(),
    rulesVersion: text('rules_version').notNull(),
    compliant: boolean('compliant').notNull(),
    checks: jsonb('checks').$type<ListingCheckItem[]>().notNull(),
    notChecked: jsonb('not_checked').$type<ListingContentRule[]>().notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'listing_checks_pk',
      columns: [t.userId, t.imageUrl, t.marketplace, t.slot, t.rulesVersion],
    }),
  ],
);

/** One file of a listing pack as its zip and manifest.csv name and describe it. */
export interface ListingPackFile {
  /** The zip entry's name (`SKU.MAIN.jpg`). */
  name: string;
  mediaId: string;
  sku: string;
  slot: ListingSlot;
  width: number;
  height: number;
  compliant: boolean;
  /** Each measured rule of the slot: passed or failed; a rule the slot does not have is absent. */
  verdicts: Partial<Record<ListingRule, 'pass' | 'fail'>>;
  /** The content rules no measurement decides (their ids), for the seller to check. */
  notChecked: string[];
  /** The prepare generation whose output this is, when the pack fixed the image. */
  fixedBy: string | null;
}

/**
 * A listing pack as `POST /listing/packs` made it (ADR 057): what its five-minute link streams.
 * The id is derived from the user and the request, so the same request makes the same pack again
 * (replacing the row); rows a day old are removed when the user makes the next one.
 */
export const listingPacks = pgTable(
  'listing_packs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    marketplace: text('marketplace').notNull(),
    /** The zip's download name, without `.zip`. */
    name: text('name').notNull(),
    files: jsonb('files').$type<ListingPackFile[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('listing_packs_user_created_idx').on(t.userId, t.createdAt)],
);
