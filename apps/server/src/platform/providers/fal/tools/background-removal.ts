import type { FalTool } from '../tool';

/**
 * BiRefNet v2 at its 2048×2048 operating resolution: garment shots are large, and at the default
 * 1024 fine edges (lace, fringe, hair) are lost. 'General Use (Light 2K)' is the variant fal lists
 * as trained on 2K images. Returns a transparent PNG.
 */
export const backgroundRemoval: FalTool<'background-removal'> = {
  model: 'fal-ai/birefnet/v2',
  expectedMs: () => 15_000,
  inputs: (job) => [
    {
      image_url: job.image.publicUrl,
      model: 'General Use (Light 2K)',
      operating_resolution: '2048x2048',
      refine_foreground: true,
      output_format: 'png',
    },
  ],
};
