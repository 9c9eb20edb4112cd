import type { AngleView, Mode } from '@studio/contract';
import { orientedSize } from '../../../engine/shared';
import { generatedViewsOf } from '../../angle-set-views';
import type { GenerationJob } from '../../types';
import type { FalInput } from '../queue';
import { sentences, type FalTool } from '../tool';

/*
 * Angle sets' side and back views (ADR 064; research: docs/research/angle-sets.md): Nano Banana 2
 * edit, the per-image alternative of the research's split (Qwen's multiple-angles endpoint is
 * billed per megapixel and its LoRA was trained on objects, not people). It takes the photo and
 * the garment's own photo as separate images, so the back follows the garment, which a front
 * never shows. One request per view, every view from the same photo (never chained) with the set's
 * one seed. The front and detail are the engine's (angle-set-views.ts).
 *
 * Input schema, read 2026-11-29 from fal's model page
 * https://fal.ai/models/fal-ai/nano-banana-2/edit/llms.txt: `prompt` (required), `image_urls`
 * (required), `num_images` 1–4, `seed`, `aspect_ratio` (auto, 21:9, 16:9, 3:2, 4:3, 5:4, 1:1, 4:5,
 * 3:4, 2:3, 9:16, 4:1, 1:4, 8:1, 1:8), `output_format` jpeg | png | webp, `safety_tolerance`
 * "1"–"6", `sync_mode`, `resolution` 0.5K | 1K | 2K | 4K, `limit_generations`,
 * `enable_web_search`, `thinking_level` minimal | high. Price: "$0.08 per image", 2K at 1.5×,
 * 4K at 2× the standard rate.
 */

/** The mode is the output resolution, which is what it bills: ×1, ×1.5, ×2 as the credits. */
const RESOLUTIONS: Record<Mode, '1K' | '2K' | '4K'> = {
  performance: '1K',
  balanced: '2K',
  quality: '4K',
};

/** The model's ratios that a photo can have (its extreme ones left out). */
const RATIOS = ['21:9', '16:9', '3:2', '4:3', '5:4', '1:1', '4:5', '3:4', '2:3', '9:16'] as const;

/** The model's ratio nearest the photo's (log scale), so the views keep the photo's shape. */
export function nearestRatio(width: number, height: number): (typeof RATIOS)[number] {
  const target = Math.log(width / height);
  let best: (typeof RATIOS)[number] = '3:4';
  let distance = Number.POSITIVE_INFINITY;
  for (const ratio of RATIOS) {
    const [w = 1, h = 1] = ratio.split(':').map(Number);
    const d = Math.abs(Math.log(w / h) - target);
    if (d < distance) {
      distance = d;
      best = ratio;
    }
  }
  return best;
}

const KEEP =
  'Keep the face, hair, skin tone and body shape unchanged. Keep the same plain studio background and lighting. Professional e-commerce catalogue photo';

export function angleViewPrompt(job: GenerationJob<'angle-set'>, view: AngleView): string {
  const garment = 'garment';
  if (view === 'back') {
    return sentences(
      'Show the same person as in the first image from directly behind, a full-body back view, standing straight with arms relaxed, camera at eye level',
      job.garment
        ? `The back of the ${garment} must match the ${garment} in the second image: same colour, fabric and construction`
        : `Reproduce the ${garment}'s colour, fabric and construction as seen from the back`,
      job.garment
        ? 'Do not copy the front print, logo or text onto the back unless the second image shows it there'
        : 'Do not copy the front print, logo or text onto the back',
      KEEP,
    );
  }
  return sentences(
    'Show the same person as in the first image, photographed from their right side in a full-body profile view, standing straight, camera at eye level and at the same distance',
    `Reproduce the ${garment} exactly: its colour, print, pattern, logos, text, fabric, neckline, sleeves and length, seen from the side`,
    KEEP,
  );
}

export const angleSet: FalTool<'angle-set'> = {
  model: 'fal-ai/nano-banana-2/edit',
  safetyTolerance: true,
  expectedMs: () => 40_000,
  async inputs(job) {
    const size = await orientedSize(await job.image.load());
    const shared = {
      num_images: 1,
      seed: job.settings.seed,
      aspect_ratio: nearestRatio(size.width, size.height),
      resolution: RESOLUTIONS[job.settings.mode],
      output_format: 'jpeg',
    };
    return generatedViewsOf(job).map((view): FalInput => ({
      ...shared,
      prompt: angleViewPrompt(job, view),
      // The garment's own photo only for the back: the side is the photo's garment turned.
      image_urls:
        view === 'back' && job.garment
          ? [job.image.publicUrl, job.garment.publicUrl]
          : [job.image.publicUrl],
    }));
  },
};
