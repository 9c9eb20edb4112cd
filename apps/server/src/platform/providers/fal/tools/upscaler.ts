import { orientedSize } from '../../../engine/shared';
import { upscaleDimensions } from '../../../engine/upscale';
import type { GenerationJob } from '../../types';
import type { FalTool } from '../tool';

/*
 * Upscaling must not invent detail on a garment's print, so no generative upscaler by default
 * (ADR 034). 2x and 4x run Topaz with the request's method as its `model` (the spec's 'High
 * Fidelity V2' is one of Topaz's precision models); Topaz scales by 1–4 only, so the '4k' target,
 * which can need more from a small source, runs SeedVR2 (its own model setting,
 * FAL_MODEL_UPSCALE_4K) by the same factor.
 */

/** Topaz's precision (non-generative) models on fal; its Recovery and Redefine models invent detail. */
const TOPAZ_MODELS = [
  'High Fidelity V2',
  'Standard V2',
  'Low Resolution V2',
  'CGI',
  'Text Refine',
] as const;
const DEFAULT_METHOD = 'High Fidelity V2';
export const UPSCALE_4K_MODEL = 'fal-ai/seedvr/upscale/image';

type UpscaleJob = GenerationJob<'upscaler'>;

function topazModel(method: string): string | undefined {
  return TOPAZ_MODELS.find((name) => name.toLowerCase() === method.trim().toLowerCase());
}

/** The local engine's target size (caps included) as a factor: never below 1 (no shrinking). */
async function factorOf(job: UpscaleJob, max: number): Promise<number> {
  const source = await orientedSize(await job.image.load());
  const target = upscaleDimensions(source.width, source.height, job.settings.upscaleFactor);
  return Math.round(Math.min(max, Math.max(1, target.width / source.width)) * 100) / 100;
}

const is4k = (job: UpscaleJob) => job.settings.upscaleFactor === '4k';

export const upscaler: FalTool<'upscaler'> = {
  model: 'fal-ai/topaz/upscale/image',
  expectedMs: () => 30_000,
  modelKey: (job) => (is4k(job) ? 'upscale-4k' : 'upscaler'),
  async inputs(job) {
    if (is4k(job)) {
      return [
        {
          image_url: job.image.publicUrl,
          upscale_mode: 'factor',
          // 3840 px on the long edge from any source; SeedVR2's upper bound is not documented.
          upscale_factor: await factorOf(job, 10),
          output_format: 'jpg',
        },
      ];
    }
    return [
      {
        image_url: job.image.publicUrl,
        model: topazModel(job.settings.method) ?? DEFAULT_METHOD,
        upscale_factor: await factorOf(job, 4),
        output_format: 'jpeg',
        // Topaz's face pass repaints faces (default on); a model's face must stay the model's.
        face_enhancement: false,
      },
    ];
  },
  notes: (job) => {
    const { method } = job.settings;
    if (is4k(job)) {
      return [
        method !== DEFAULT_METHOD &&
          `The ${method} method applies to 2x and 4x; the 4K target is rendered by SeedVR2, which has no method setting.`,
      ];
    }
    return [
      !topazModel(method) &&
        `The ${method} method is not offered; ${DEFAULT_METHOD} was used instead.`,
    ];
  },
};
