import type { FalTool } from '../tool';

/** Kling 2.1 standard image-to-video, 5 or 10 s. It renders 720p whatever the mode asks. */
export const video: FalTool<'video-generation'> = {
  model: 'fal-ai/kling-video/v2.1/standard/image-to-video',
  expectedMs: (job) => 120_000 * (job.settings.duration / 5),
  inputs: (job) => [
    {
      image_url: job.image.publicUrl,
      prompt: job.settings.prompt,
      duration: job.settings.duration === 10 ? '10' : '5',
      negative_prompt: 'blur, distortion, low quality',
    },
  ],
};
