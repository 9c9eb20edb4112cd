import { z } from 'zod';
import { LISTING_SLOTS, MARKETPLACE_IDS } from './listing/index';
import { userIdSchema } from './user';

/*
 * The listing calls' requests (ADR 057). Server-side zod, like every request: the web imports only
 * the types from this file, and reads the rules themselves from `@studio/contract/listing`.
 */

const generationId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a generation id');
const imageUrl = z.string().trim().min(1, 'An image URL is required').max(2048);
const marketplace = z.enum(MARKETPLACE_IDS, {
  error: `Choose a marketplace: ${MARKETPLACE_IDS.join(', ')}`,
});
const slot = z.enum(LISTING_SLOTS, { error: `Choose a slot: ${LISTING_SLOTS.join(', ')}` });

/** One image, named by its URL or by the generation whose first image it is. */
const oneImage = {
  userId: userIdSchema.optional(),
  imageUrl: imageUrl.optional(),
  generationId: generationId.optional(),
  marketplace,
  slot: slot.default('main'),
};
const exactlyOneImage = (value: { imageUrl?: string; generationId?: string }) =>
  (value.imageUrl === undefined) !== (value.generationId === undefined);
const ONE_IMAGE_MESSAGE = 'Send either imageUrl or generationId';

/** `POST /listing/check`: every rule of the marketplace's slot against one image. */
export const listingCheckRequestSchema = z
  .object(oneImage)
  .refine(exactlyOneImage, { error: ONE_IMAGE_MESSAGE });
export type ListingCheckRequest = z.input<typeof listingCheckRequestSchema>;

/** `POST /listing/prepare`: a new generation, the image fixed for the slot (as the generate calls). */
export const listingPrepareRequestSchema = listingCheckRequestSchema;
export type ListingPrepareRequest = ListingCheckRequest;

/**
 * The generation `prepare` makes, as stored: the image it fixes (the route resolved a generation
 * id to its first image) and the marketplace's slot. The tool's payload schema.
 */
export const listingFixRequestSchema = z.object({
  userId: userIdSchema.optional(),
  imageUrl,
  marketplace,
  slot: slot.default('main'),
});
export type ListingFixRequest = z.input<typeof listingFixRequestSchema>;

/** Most images one pack may hold: 20 garments × 4 models, with room to spare. */
export const LISTING_PACK_MAX = 100;
export const SKU_MAX_LENGTH = 64;
const sku = z
  .string()
  .trim()
  .min(1, 'Enter a SKU for every listing')
  .max(SKU_MAX_LENGTH, `A SKU has at most ${String(SKU_MAX_LENGTH)} characters`);

/**
 * `POST /listing/packs`: gallery items (each with the SKU of the listing it belongs to; a SKU's
 * first item is its main image, the rest additional, in order) or a try-on catalogue (one listing
 * per garment, named by the garment's name unless `skus` gives one per garment index) or a
 * colourway set (one listing per colour variant, named by the variant's name, a SKU, unless `skus`
 * gives one per variant index; ADR 063). `fix`
 * prepares every image that fails its slot first (charged as `prepare`); without it, such images
 * go in as they are and manifest.csv says which rules they fail.
 */
export const listingPackRequestSchema = z
  .object({
    userId: userIdSchema.optional(),
    marketplace,
    items: z
      .array(z.object({ generationId, sku }))
      .min(1, 'Choose at least one image')
      .max(LISTING_PACK_MAX, `A pack holds at most ${String(LISTING_PACK_MAX)} images`)
      .refine(
        (items) => new Set(items.map((i) => i.generationId)).size === items.length,
        'Each generation may be named once',
      )
      .optional(),
    batchId: generationId.optional(),
    colourwaySetId: generationId.optional(),
    skus: z.array(sku).max(LISTING_PACK_MAX).optional(),
    fix: z.boolean().default(false),
  })
  .refine(
    (value) =>
      [value.items, value.batchId, value.colourwaySetId].filter((v) => v !== undefined).length ===
      1,
    { error: 'Send either items, batchId or colourwaySetId' },
  );
export type ListingPackRequest = z.input<typeof listingPackRequestSchema>;
