import type { GenerationJob, ToolSettings } from '../../types';
import { inBatches, sentences, type FalTool } from '../tool';
import { balancedAsPerformance, kontextModelKey, KONTEXT_MAX_IMAGES, KONTEXT_MS } from './kontext';

/** FLUX.1 Kontext [pro] multi-image editing ([max] multi in quality mode): the person, and the pose reference when chosen. */
export const aiPoses: FalTool<'ai-poses'> = {
  model: 'fal-ai/flux-pro/kontext/multi',
  safetyTolerance: true,
  expectedMs: () => KONTEXT_MS,
  modelKey: (job) => kontextModelKey('ai-poses', job.settings.mode, true),
  inputs: (job) =>
    inBatches(job.settings.numImages, KONTEXT_MAX_IMAGES, {
      image_urls: [job.model.publicUrl, ...(job.poseImage ? [job.poseImage.publicUrl] : [])],
      prompt: posePrompt(job),
      aspect_ratio: job.settings.aspectRatio,
    }),
  notes: (job) => [balancedAsPerformance(job.settings.mode)],
};

const BACKGROUND_PROMPTS: Record<
  ToolSettings['ai-poses']['background'],
  (color: string | undefined) => string
> = {
  'no-change': () => 'Keep the original background',
  natural: () => 'Place the person in a natural setting',
  studio: (color) => `Use a ${color ?? 'neutral'} studio backdrop`,
  outdoor: () => 'Place the person outdoors',
  minimalist: (color) => `Use a minimalist ${color ?? 'light'} background`,
  'simple-background': (color) => `Use a plain ${color ?? 'white'} background`,
};

export function posePrompt(job: GenerationJob<'ai-poses'>): string {
  const { settings } = job;
  return sentences(
    'Show the same person as in the first image, with the same face, hair, body and outfit, in a new pose',
    job.poseImage && 'Copy the body pose of the person in the second image',
    settings.pose?.prompt,
    settings.viewType !== 'random' && `Frame it as a ${settings.viewType}`,
    settings.expression !== 'no-change' && `Make the facial expression ${settings.expression}`,
    BACKGROUND_PROMPTS[settings.background](settings.colorTheme),
    settings.prompt,
  );
}
