import type { ToolSettings } from '../../types';
import { inBatches, sentences, type FalTool } from '../tool';
import { balancedAsPerformance, kontextModelKey, KONTEXT_MAX_IMAGES, KONTEXT_MS } from './kontext';

/** FLUX.1 Kontext [pro] ([max] in quality mode): the worn garments edited out into a flat-lay product photo. */
export const fashionExtractor: FalTool<'fashion-extractor'> = {
  model: 'fal-ai/flux-pro/kontext',
  safetyTolerance: true,
  expectedMs: () => KONTEXT_MS,
  modelKey: (job) => kontextModelKey('fashion-extractor', job.settings.mode),
  inputs: (job) =>
    inBatches(job.settings.numImages, KONTEXT_MAX_IMAGES, {
      image_url: job.image.publicUrl,
      prompt: extractPrompt(job.settings),
    }),
  notes: (job) => [balancedAsPerformance(job.settings.mode)],
};

type ExtractionType = ToolSettings['fashion-extractor']['extractionType'];

/** What each extraction type takes out of the photo, and how it is laid out. */
const EXTRACTIONS: Record<ExtractionType, string> = {
  'full-outfit':
    'Extract the complete outfit the person is wearing, every garment together, as a flat-lay of the whole look',
  'individual-items':
    'Extract each clothing item the person is wearing and lay the items out separately side by side, not overlapping',
  accessories:
    'Extract only the accessories (jewellery, bags, shoes, belts, hats, watches, eyewear) and lay them out neatly; leave out the clothes',
  'upper-body':
    'Extract only the upper-body garment (top, shirt, blouse, kurta or jacket) as a flat-lay; leave out everything else',
  'lower-body':
    'Extract only the lower-body garment (trousers, jeans, skirt or shorts) as a flat-lay; leave out everything else',
};
/** The schema's default when the user wrote nothing: the extraction type already says it. */
const DEFAULT_PROMPT = 'Extract the clothes from the image';

export function extractPrompt(settings: ToolSettings['fashion-extractor']): string {
  return sentences(
    EXTRACTIONS[settings.extractionType],
    'Remove the person and show it as a product photo on a plain white background',
    'Keep colours, prints, patterns, embroidery, logos and every detail exactly as in the photo',
    settings.prompt !== DEFAULT_PROMPT && settings.prompt,
  );
}
