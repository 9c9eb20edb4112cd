import { z } from 'zod/mini';
import { toolDraftReader } from '@/features/generations';
import { clampImages, SCENE_STYLE_LIST, type PhotoshootSettings } from './photoshoot-request';

const readStored = toolDraftReader<PhotoshootSettings>(
  z.object({ sceneStyle: z.enum(SCENE_STYLE_LIST), numImages: z.number(), prompt: z.string() }),
);

/**
 * The page as the user left it (the kit's draft); anything unexpected counts as no draft. The
 * number of images is clamped after the schema rather than by z.pipe/z.transform, whose code would
 * ride in the chunk every page loads (docs/performance.md).
 */
export function readPhotoshootDraft(stored: unknown): ReturnType<typeof readStored> {
  const draft = readStored(stored);
  if (draft === null) return null;
  return {
    ...draft,
    settings: { ...draft.settings, numImages: clampImages(draft.settings.numImages) },
  };
}
