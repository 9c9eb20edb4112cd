import { VIDEO_RESOLUTIONS } from '@studio/contract';
import type { FalTool } from '../tool';

/**
 * Seedance 1.0 Pro image-to-video: it renders the spec's 480p and 720p and both durations (5 and
 * 10 s) as asked, silent, at the image's own aspect ratio. It has no 360p: performance renders at
 * 480p, and the result says so (ADR 034).
 */
export const video: FalTool<'video-generation'> = {
  model: 'fal-ai/bytedance/seedance/v1/pro/image-to-video',
  expectedMs: (job) => 90_000 * (job.settings.duration / 5),
  inputs: (job) => [
    {
      image_url: job.image.publicUrl,
      prompt: job.settings.prompt,
      resolution: rendered(job.settings.mode),
      duration: job.settings.duration === 10 ? '10' : '5',
      aspect_ratio: 'auto',
      camera_fixed: false,
      enable_safety_checker: true,
    },
  ],
  notes: (job) => {
    const asked = VIDEO_RESOLUTIONS[job.settings.mode];
    return [
      rendered(job.settings.mode) !== asked &&
        `Rendered at ${rendered(job.settings.mode)}: the video model has no ${asked}.`,
      job.settings.templateId !== undefined &&
        "The template's motion video is not used by this model: your prompt steers the motion.",
    ];
  },
};

function rendered(mode: keyof typeof VIDEO_RESOLUTIONS): '480p' | '720p' {
  return VIDEO_RESOLUTIONS[mode] === '720p' ? '720p' : '480p';
}
