import type { FalTool } from '../tool';

/**
 * FASHN v1.6: built for exactly this (a model photo + a garment photo, no prompt), and its
 * settings are the tool's own: category, garment photo type (flat lay / on a model), the
 * performance / balanced / quality modes and 1–4 samples per call, at 864×1296. One call per
 * pair: its samples are the pair's images.
 */
export const tryOn: FalTool<'try-on'> = {
  model: 'fal-ai/fashn/tryon/v1.6',
  expectedMs: () => 30_000,
  inputs: (job) => [
    {
      model_image: job.model.publicUrl,
      garment_image: job.garment.publicUrl,
      category: job.settings.category,
      mode: job.settings.mode,
      garment_photo_type: job.settings.garmentPhotoType,
      num_samples: job.settings.numImages,
      output_format: 'jpeg',
    },
  ],
};
