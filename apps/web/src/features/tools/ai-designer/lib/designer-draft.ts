import { z } from 'zod/mini';
import { toolDraftReader } from '@/features/generations';
import {
  ASPECT_RATIO_LIST,
  CLOTH_TYPE_LIST,
  PALETTE_NAMES,
  THEME_LIST,
  VARIATIONS,
  type DesignerSettings,
} from './designer-request';

/** The page as the user left it (the kit's draft); anything unexpected counts as no draft. */
export const readDesignerDraft = toolDraftReader<DesignerSettings>(
  z.object({
    clothType: z.enum(CLOTH_TYPE_LIST),
    customClothType: z.string(),
    designTheme: z.enum(THEME_LIST),
    colorPalette: z.enum(PALETTE_NAMES),
    aspectRatio: z.enum(ASPECT_RATIO_LIST),
    variations: z.enum(VARIATIONS),
    prompt: z.string(),
    style: z.string(),
  }),
);
