import { z } from 'zod/mini';
import { COLOURWAY_VARIANTS_MAX } from '@studio/contract/constants';
import { TRY_ON_CATEGORIES } from '@studio/contract/tools';
import { newVariant, type ColourwaysSettings } from './colourways-request';

/** The form as the user left it (useToolDraft): the photo, the garment, the variants as typed. */
const colourwaysDraftSchema = z.object({
  imageUrl: z.nullable(z.string()),
  category: z.enum(TRY_ON_CATEGORIES),
  variants: z.array(z.object({ name: z.string(), colour: z.string() })),
});

export interface ColourwaysDraft extends ColourwaysSettings {
  imageUrl: string | null;
}

/** A stored draft read back; anything unexpected counts as no draft. */
export function readColourwaysDraft(stored: unknown): ColourwaysDraft | null {
  const parsed = colourwaysDraftSchema.safeParse(stored);
  if (!parsed.success || parsed.data.variants.length > COLOURWAY_VARIANTS_MAX) return null;
  const { variants, ...rest } = parsed.data;
  return { ...rest, variants: variants.map((row) => newVariant(row)) };
}
