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
 */
const tryOnDraftSchema = z.object({
  garments: z.array(storedImage),
  photos: z.array(storedImage),
  templateIds: z.array(z.string()),
  category: z.enum(TRY_ON_CATEGORIES),
  photoType: z.enum(GARMENT_PHOTO_TYPES),
  numImages: z.pipe(
    z.number().check(z.gte(1), z.lte(TRY_ON_IMAGES_MAX)),
    z.transform((count: number) => Math.floor(count)),
  ),
  name: z.string(),
  mode: z.enum(MODES),
  handedOver: z.pipe(z.unknown(), z.transform(readHandedOver)),
});

export type TryOnDraft = z.infer<typeof tryOnDraftSchema>;

/** A stored draft read back; anything unexpected counts as no draft. */
export function readTryOnDraft(stored: unknown): TryOnDraft | null {
  const parsed = tryOnDraftSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
