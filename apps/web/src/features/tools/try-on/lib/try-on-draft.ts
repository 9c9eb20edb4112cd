import { z } from 'zod/mini';
import {
  GARMENT_PHOTO_TYPES,
  MODES,
  TRY_ON_CATEGORIES,
  TRY_ON_IMAGES_MAX,
} from '@studio/contract/tools';
import { readHandedOver, type HandedOverResults } from '@/features/generations';

export type { HandedOverResults };

const storedImage = z.object({ url: z.string(), name: z.string() });

/**
 * The form as the user left it (useToolDraft); templates by id, chosen again once listed. Several
 * images and the catalogue's fields make its envelope its own, but it is read as every tool's is:
 * by a schema, anything unexpected counting as no draft and malformed results as none.
 * The number of images' range and the handed-over results are read after the schema, not by
 * z.gte/z.lte and z.pipe/z.transform: zod/mini's code rides in the chunk every page loads, and those
 * constructs, which only drafts used, cost every route bytes (docs/performance.md).
 */
const tryOnDraftSchema = z.object({
  garments: z.array(storedImage),
  photos: z.array(storedImage),
  templateIds: z.array(z.string()),
  category: z.enum(TRY_ON_CATEGORIES),
  photoType: z.enum(GARMENT_PHOTO_TYPES),
  numImages: z.number(),
  name: z.string(),
  mode: z.enum(MODES),
  handedOver: z.unknown(),
});

export type TryOnDraft = Omit<z.infer<typeof tryOnDraftSchema>, 'handedOver'> & {
  handedOver: HandedOverResults | null;
};

/** A stored draft read back; anything unexpected counts as no draft. */
export function readTryOnDraft(stored: unknown): TryOnDraft | null {
  const parsed = tryOnDraftSchema.safeParse(stored);
  if (!parsed.success) return null;
  const { numImages, handedOver, ...rest } = parsed.data;
  if (numImages < 1 || numImages > TRY_ON_IMAGES_MAX) return null;
  return { ...rest, numImages: Math.floor(numImages), handedOver: readHandedOver(handedOver) };
}
