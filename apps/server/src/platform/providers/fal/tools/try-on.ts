import { inBatches, type FalTool } from '../tool';

/** FASHN's `num_samples` range is 1–4. */
const FASHN_MAX_SAMPLES = 4;

/**
 * FASHN v1.6: built for exactly this (a model photo + a garment photo, no prompt), and its
 * settings are the tool's own: category, garment photo type (flat lay / on a model), the
 * performance / balanced / quality modes (the spec's, document 2 §9) and 1–4 samples per call, at
 * 864×1296. One call per pair: its samples are the pair's images. Fields: fal's model schema
 * (fal.ai/models/fal-ai/fashn/tryon/v1.6, ADR 034).
 */
export const tryOn: FalTool<'try-on'> = {
  model: 'fal-ai/fashn/tryon/v1.6',
  expectedMs: () => 30_000,
  inputs: (job) =>
    // One request per pair unless it asks for more images than FASHN's 4 samples per call.
    inBatches(
      job.settings.numImages,
      FASHN_MAX_SAMPLES,
      {
        model_image: job.model.publicUrl,
        garment_image: job.garment.publicUrl,
        category: job.settings.category,
        mode: job.settings.mode,
        garment_photo_type: job.settings.garmentPhotoType,
        // Swimwear and lingerie catalogues are the studio's business: 'conservative' blocks them,
        // 'permissive' allows them while still refusing nudity (FASHN's parameter guide).
        moderation_level: 'permissive',
      },
      'num_samples',
    ),
};
