import type { Mode } from '@studio/contract';
import type { GenerationJob } from '../../types';
import { garmentName, inBatches, sentences, type FalTool } from '../tool';

/** Nano Banana Pro's `num_images` range is 1–4. */
const NANO_BANANA_MAX_IMAGES = 4;

/**
 * Nano Banana Pro edit: the strongest garment-preserving editor fal offers (multi-image input,
 * legible prints, logos and text), with the template's person and the garment as separate images
 * and the prompt saying which is which. One request per template. The mode is its output
 * resolution, which is also what it bills: 1K and 2K at the base price, 4K at double (ADR 034).
 */
export const realisticTryOn: FalTool<'realistic-try-on'> = {
  model: 'fal-ai/nano-banana-pro/edit',
  safetyTolerance: true,
  expectedMs: () => 40_000,
  inputs: (job) =>
    job.templates.flatMap((template) =>
      inBatches(job.settings.numImages, NANO_BANANA_MAX_IMAGES, {
        prompt: realisticTryOnPrompt(job, template.prompt),
        image_urls: [template.image.publicUrl, job.garment.publicUrl],
        aspect_ratio: job.settings.aspectRatio,
        resolution: RESOLUTIONS[job.settings.mode],
      }),
    ),
  notes: (job) => [
    // The template is the person, kept as photographed: a different ethnicity would be a new face.
    job.settings.ethnicity !== 'auto' &&
      `The ${job.settings.ethnicity} ethnicity you chose was not applied: each template's own model is kept.`,
  ],
};

const RESOLUTIONS: Record<Mode, '1K' | '2K' | '4K'> = {
  performance: '1K',
  balanced: '2K',
  quality: '4K',
};

export function realisticTryOnPrompt(
  job: GenerationJob<'realistic-try-on'>,
  templatePrompt: string,
): string {
  return sentences(
    `Dress the person in the first image in the ${garmentName(job.settings.clothType)} from the second image`,
    "Keep the person's face, hair, skin tone, body shape, pose and the background unchanged",
    'Reproduce the garment exactly: its colour, print, pattern, logos, text, fabric, neckline, sleeves and length',
    'Make it fit naturally with realistic folds and shadows, as a professional fashion catalogue photo',
    templatePrompt,
    job.settings.prompt,
  );
}
