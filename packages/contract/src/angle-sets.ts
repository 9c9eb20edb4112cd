import { z } from 'zod';
import { MARKETPLACE_IDS, slotRules, type ListingSlot, type MarketplaceId } from './listing/index';
import { ANGLE_VIEWS, MODES, TRY_ON_CATEGORIES, type AngleView } from './tools';
import { userIdSchema } from './user';

/*
 * Angle sets (issue 36 item 3, ADR 064): from one photo of the garment worn (a try-on result or
 * the seller's own), the same garment on the same model in front, side, back and detail views, one
 * generation with an output per view, each tagged with the listing slot it fills.
 */

/**
 * The listing slot a view fills (ADR 057's slots): the front is the main image, the side and back
 * additional ones, the detail a swatch where the marketplace has one, else an additional image.
 */
export function angleViewSlot(view: AngleView, marketplace?: MarketplaceId): ListingSlot {
  if (view === 'front') return 'main';
  if (view === 'detail' && marketplace && slotRules(marketplace, 'swatch')) return 'swatch';
  return 'additional';
}

/** The highest seed the view models take (a 32-bit signed integer). */
export const ANGLE_SET_SEED_MAX = 2_147_483_647;

const imageUrl = z.string().trim().min(1, 'An image URL is required').max(2048);

export const angleSetRequestSchema = z.object({
  userId: userIdSchema.optional(),
  /** A try-on result or any photo of the garment worn: the front, and what the views turn. */
  imageUrl,
  /** The garment's own photo: the quality model's reference for the back, which a front never shows. */
  garmentImageUrl: imageUrl.optional(),
  /** Which garment of the photo the detail is cut from ('auto': the main one). */
  category: z.enum(TRY_ON_CATEGORIES).default('auto'),
  /** The views to make, each once; stored in the set's order (front, side, back, detail). */
  views: z
    .array(z.enum(ANGLE_VIEWS))
    .min(1, 'Choose at least one view')
    .max(ANGLE_VIEWS.length)
    .refine((list) => new Set(list).size === list.length, 'Each view can be chosen once')
    .transform((list) => ANGLE_VIEWS.filter((view) => list.includes(view)))
    .default([...ANGLE_VIEWS]),
  /** The marketplace the set is for, when known: the detail is its swatch where it has one. */
  marketplace: z.enum(MARKETPLACE_IDS).optional(),
  mode: z.enum(MODES).default('performance'),
  /**
   * One seed for every view of the set (the server picks one when none is sent), so a regeneration
   * repeats the set and a reroll is a new seed on purpose.
   */
  seed: z.coerce.number().int().min(0).max(ANGLE_SET_SEED_MAX).optional(),
});
export type AngleSetRequest = z.input<typeof angleSetRequestSchema>;
export type AngleSetSettings = z.output<typeof angleSetRequestSchema>;
