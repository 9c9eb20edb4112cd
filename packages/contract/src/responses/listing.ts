import { z } from 'zod/mini';
import { LISTING_SLOTS } from '../listing/rules';
import { success, text } from './read';

const level = z.enum(['required', 'recommended']);

/** One rule measured on one image. `actual` and `required` are for people ('#F4F1EC', '≥ 85 %'). */
export const listingCheckItemSchema = z.object({
  rule: z.string(),
  level,
  passed: z.boolean(),
  actual: z.string(),
  required: z.string(),
  /** `prepare` can fix it offline (background, crop or pad, upscale, re-encode). */
  fixable: z.boolean(),
  message: z.string(),
});
export type ListingCheckItem = z.infer<typeof listingCheckItemSchema>;

/** A rule about what the picture shows: no measurement decides it, so it is named for the seller. */
export const listingContentRuleSchema = z.object({ rule: z.string(), level, message: z.string() });
export type ListingContentRule = z.infer<typeof listingContentRuleSchema>;

/** `POST /listing/check`: compliant when every required rule passed. */
export const listingCheckSchema = z.object({
  marketplace: z.string(),
  slot: z.enum(LISTING_SLOTS),
  /** The image checked (a generation's first image when a generation was named). */
  imageUrl: z.string(),
  compliant: z.boolean(),
  checks: z.array(listingCheckItemSchema),
  notChecked: z.array(listingContentRuleSchema),
});
export type ListingCheck = z.infer<typeof listingCheckSchema>;

/** `POST /listing/packs` (201): a five-minute link that streams the zip, and what it holds. */
export const listingPackAcceptedSchema = z.object({
  success,
  url: z.string(),
  fileName: z.string(),
  files: z.array(
    z.object({
      file: z.string(),
      sku: z.string(),
      slot: z.enum(LISTING_SLOTS),
      compliant: z.boolean(),
      /** The prepare generation that fixed it, when the pack fixed it. */
      fixedBy: z.catch(z.nullable(z.string()), null),
    }),
  ),
  /** Credits the fixes cost (0 without `fix`, or when every image passed). */
  creditCost: z.catch(z.number(), 0),
  note: text,
});
export type ListingPackAccepted = z.infer<typeof listingPackAcceptedSchema>;
