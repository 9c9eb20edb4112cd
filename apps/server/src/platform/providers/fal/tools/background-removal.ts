import type { FalTool } from '../tool';

/** BiRefNet v2 returns a transparent PNG. */
export const backgroundRemoval: FalTool<'background-removal'> = {
  model: 'fal-ai/birefnet/v2',
  expectedMs: () => 10_000,
  inputs: (job) => [{ image_url: job.image.publicUrl, output_format: 'png' }],
};
