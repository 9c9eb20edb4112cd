import type { GenerationJob } from '../../types';
import { garmentName, sentences, type FalTool } from '../tool';

/**
 * FLUX.1 Kontext [max] multi-image editing: the person and the garment are separate inputs and
 * the prompt says which is which; [max] because this tool sells on fidelity. One request per
 * template.
 */
export const realisticTryOn: FalTool<'realistic-try-on'> = {
  model: 'fal-ai/flux-pro/kontext/max/multi',
  expectedMs: () => 30_000,
  inputs: (job) =>
    job.templates.map((template) => ({
      image_urls: [template.image.publicUrl, job.garment.publicUrl],
      prompt: realisticTryOnPrompt(job, template.prompt),
      aspect_ratio: job.settings.aspectRatio,
      num_images: 1,
      output_format: 'jpeg',
    })),
};

function realisticTryOnPrompt(job: GenerationJob<'realistic-try-on'>, templatePrompt: string) {
  return sentences(
    `Dress the person in the first image in the ${garmentName(job.settings.clothType)} from the second image`,
    "Keep the person's face, hair, body shape, pose and the background unchanged",
    "Reproduce the garment's colour, pattern, fabric and fit exactly",
    templatePrompt,
    job.settings.prompt,
  );
}
