import { orientedSize } from '../../../engine/shared';
import { upscaleDimensions } from '../../../engine/upscale';
import type { FalTool } from '../tool';

/**
 * Clarity adds generative detail and takes fractional factors (1–4), which the '4k' preset needs;
 * ESRGAN only does 2x/4x and adds no detail.
 */
export const upscaler: FalTool<'upscaler'> = {
  model: 'fal-ai/clarity-upscaler',
  expectedMs: () => 30_000,
  async inputs(job) {
    // The local engine's target size (caps included) as a Clarity factor, which must lie in
    // 1–4: '4k' of a small source stops at 4x, and a source already past 4K is not shrunk.
    const source = await orientedSize(await job.image.load());
    const target = upscaleDimensions(source.width, source.height, job.settings.upscaleFactor);
    const factor = Math.min(4, Math.max(1, target.width / source.width));
    return [
      {
        image_url: job.image.publicUrl,
        upscale_factor: Math.round(factor * 100) / 100,
        // Below Clarity's defaults (0.35 / 0.6): garments must keep their exact print and weave.
        creativity: 0.2,
        resemblance: 0.8,
      },
    ];
  },
};
