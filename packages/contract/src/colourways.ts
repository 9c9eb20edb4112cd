import { z } from 'zod';
import { COLOURWAY_NAME_MAX_LENGTH, COLOURWAY_VARIANTS_MAX } from './constants';
import { TRY_ON_CATEGORIES } from './tools';
import { userIdSchema } from './user';

/*
 * Colourways (issue 36, ADR 063): one garment photo, one image per colour variant, the garment
 * recoloured to the variant's exact colour and measured. `POST /colourways/generate` makes one
 * generation per variant (1 credit each, refunded alone when it fails or misses its colour).
 */

/** `#rrggbb`: six hex digits, any case in, lower case out. */
export const COLOURWAY_HEX = /^#[0-9a-fA-F]{6}$/;

export const colourwayVariantSchema = z.object({
  /** A SKU or a colour name: it names the variant's file in the zip. */
  name: z
    .string()
    .trim()
    .min(1, 'Each variant needs a name')
    .max(
      COLOURWAY_NAME_MAX_LENGTH,
      `Variant names are at most ${String(COLOURWAY_NAME_MAX_LENGTH)} characters`,
    ),
  colour: z
    .string()
    .max(20, 'A colour is written #RRGGBB (six hex digits)')
    .trim()
    .regex(COLOURWAY_HEX, 'A colour is written #RRGGBB (six hex digits)')
    .toLowerCase(),
});
export type ColourwayVariant = z.output<typeof colourwayVariantSchema>;

export const colourwaysRequestSchema = z.object({
  userId: userIdSchema.optional(),
  /** A product photo or a result: media we stored (or an allowlisted URL), as other tools take. */
  imageUrl: z.string().trim().min(1, 'An image URL is required').max(2048),
  /** Which garment of the photo to recolour ('auto': the main one). */
  category: z.enum(TRY_ON_CATEGORIES).default('auto'),
  /** The seller's name for the set (the zip's name); optional. */
  name: z.string().trim().max(80, 'Names are at most 80 characters').optional(),
  variants: z
    .array(colourwayVariantSchema)
    .min(1, 'Add at least one variant')
    .max(
      COLOURWAY_VARIANTS_MAX,
      `A colourway set takes at most ${String(COLOURWAY_VARIANTS_MAX)} variants`,
    )
    .refine(
      (list) => new Set(list.map((v) => v.name.toLowerCase())).size === list.length,
      'Each variant needs its own name',
    ),
});
export type ColourwaysRequest = z.input<typeof colourwaysRequestSchema>;

/**
 * One variant's generation as stored and run (the server's; not a request body): the set's photo,
 * as our media URL, its category, the variant, and its place in the set (the gallery groups by it).
 */
export const colourwayGenerationSettingsSchema = z.object({
  userId: userIdSchema.optional(),
  imageUrl: z.string().trim().min(1).max(2048),
  category: z.enum(TRY_ON_CATEGORIES).default('auto'),
  variant: colourwayVariantSchema,
  set: z.object({
    id: z.string().min(1).max(100),
    index: z
      .number()
      .int()
      .min(0)
      .max(COLOURWAY_VARIANTS_MAX - 1),
    size: z.number().int().min(1).max(COLOURWAY_VARIANTS_MAX),
  }),
});
export type ColourwayGenerationSettings = z.output<typeof colourwayGenerationSettingsSchema>;
