import type { ToolSettings } from '../../types';
import { inBatches, sentences, type FalTool } from '../tool';
import { KONTEXT_MAX_IMAGES, KONTEXT_MS } from './kontext';

/** FLUX.1 Kontext [pro]: the product photo edited into a scene, the product kept as it is. */
export const photoshoot: FalTool<'photoshoot'> = {
  model: 'fal-ai/flux-pro/kontext',
  expectedMs: () => KONTEXT_MS,
  inputs: (job) =>
    inBatches(job.settings.numImages, KONTEXT_MAX_IMAGES, {
      image_url: job.product.publicUrl,
      prompt: photoshootPrompt(job.settings),
    }),
};

function photoshootPrompt(settings: ToolSettings['photoshoot']): string {
  return sentences(
    `Create a professional ${settings.sceneStyle} product photo of this product ${settings.prompt}`,
    'Keep the product exactly as it is: shape, colour, texture, print and logos',
    `Use a ${settings.colorTheme} colour theme`,
  );
}
