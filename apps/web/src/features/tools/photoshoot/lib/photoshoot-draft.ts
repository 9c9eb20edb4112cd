import { z } from 'zod/mini';
import { toolDraftReader } from '@/features/generations';
import { clampImages, SCENE_STYLE_LIST, type PhotoshootSettings } from './photoshoot-request';

/** The page as the user left it (the kit's draft); anything unexpected counts as no draft. */
export const readPhotoshootDraft = toolDraftReader<PhotoshootSettings>(
  z.object({
    sceneStyle: z.enum(SCENE_STYLE_LIST),
    numImages: z.pipe(
      z.number(),
      z.transform((count: number) => clampImages(count)),
    ),
    prompt: z.string(),
  }),
);
