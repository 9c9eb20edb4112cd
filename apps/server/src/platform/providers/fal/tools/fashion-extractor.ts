import type { ToolSettings } from '../../types';
import { inBatches, sentences, type FalTool } from '../tool';
import { KONTEXT_MAX_IMAGES, KONTEXT_MS } from './kontext';

/** FLUX.1 Kontext [pro]: the worn garments edited out into a flat-lay product photo. */
export const fashionExtractor: FalTool<'fashion-extractor'> = {
  model: 'fal-ai/flux-pro/kontext',
  expectedMs: () => KONTEXT_MS,
  inputs: (job) =>
    inBatches(job.settings.numImages, KONTEXT_MAX_IMAGES, {
      image_url: job.image.publicUrl,
      prompt: extractPrompt(job.settings),
    }),
};

const EXTRACTION_TARGETS: Record<ToolSettings['fashion-extractor']['extractionType'], string> = {
  'full-outfit': 'the complete outfit',
  'individual-items': 'each clothing item, laid out separately side by side',
  accessories: 'only the accessories (jewellery, bags, shoes, belts, hats)',
  'upper-body': 'only the upper-body garment',
  'lower-body': 'only the lower-body garment',
};

function extractPrompt(settings: ToolSettings['fashion-extractor']): string {
  return sentences(
    `Extract ${EXTRACTION_TARGETS[settings.extractionType]} worn in this image`,
    'Show it as a flat-lay product photo on a plain white background without the person, keeping colours, prints and details exact',
    settings.prompt,
  );
}
