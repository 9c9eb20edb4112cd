import type { ToolSettings } from '../../types';
import { garmentName, inBatches, sentences, type FalTool } from '../tool';
import { KONTEXT_MAX_IMAGES, KONTEXT_MS } from './kontext';

/**
 * FLUX.1 Kontext [pro], instruction-based editing of one image, which keeps the garment's identity
 * (print, cut, logos) better than text-to-image with a reference.
 */
export const aiDesigner: FalTool<'ai-designer'> = {
  model: 'fal-ai/flux-pro/kontext',
  expectedMs: () => KONTEXT_MS,
  inputs: (job) =>
    inBatches(job.settings.numImages, KONTEXT_MAX_IMAGES, {
      image_url: job.garment.publicUrl,
      prompt: designPrompt(job.settings),
      aspect_ratio: job.settings.aspectRatio,
    }),
};

function designPrompt(settings: ToolSettings['ai-designer']): string {
  return sentences(
    `Create a new ${settings.style} fashion design based on this ${garmentName(settings.clothType)}`,
    settings.designTheme !== 'automatic' && `Give it a ${settings.designTheme} theme`,
    settings.colorPalette !== 'auto' && `Use a ${settings.colorPalette} colour palette`,
    settings.prompt,
    'Show the garment alone as a clean product photo on a plain light background',
  );
}
