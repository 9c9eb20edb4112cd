import type { EXTRACTION_TYPES } from '@studio/contract/tools';
import { TOOL_DEFINITIONS, type GenerationType, type Mode } from '@studio/contract/tools';
import type { EstimatePayload, ToolNavigationState } from '@/features/generations';

export const TOOL: GenerationType = 'fashion-extractor';
export const FEATURE_NAME = TOOL_DEFINITIONS[TOOL].label;
export const ESTIMATE_FEATURE = TOOL_DEFINITIONS['fashion-extractor'].feature;

/** Document 2 §4, §5 and §8, word for word. */
export const EXTRACTOR_MESSAGES = {
  /** Never shown (Extract Fashion is disabled without an image); the server's own wording. */
  noImage: 'Please upload a fashion image',
  failed: 'Failed to extract fashion items. Please try again.',
  uploadSuccess: 'Upload successful!',
  uploadFailure: 'Upload failed.',
  defaultPrompt: 'Extract the clothes from the image',
  uploadHint: 'JPG, PNG or WebP up to 10MB',
  resultsTitle: 'Extracted Items',
  empty: 'No extracted items yet',
} as const;

export type ExtractionType = (typeof EXTRACTION_TYPES)[number];

/**
 * The extraction types of document 2 §9, in its order. The type is fixed (the spec's '(fixed)'):
 * the page shows it and always sends full-outfit. Read from the label record, so the contract's
 * array itself stays out of the page.
 */
export const EXTRACTION_TYPE_LABELS: Record<ExtractionType, string> = {
  'full-outfit': 'Full outfit',
  'individual-items': 'Individual items',
  accessories: 'Accessories',
  'upper-body': 'Upper body',
  'lower-body': 'Lower body',
};
export const EXTRACTION_TYPE_LIST = Object.keys(EXTRACTION_TYPE_LABELS) as ExtractionType[];
export const EXTRACTION_TYPE: ExtractionType = 'full-outfit';

/** One image per run (document 2 §9: extractor 1). */
const NUM_IMAGES = 1;

/** What the page sets: the instructions (the extraction type is fixed, document 2 §9). */
export interface ExtractorSettings {
  instructions: string;
}

/** The prompt a run sends: the user's instructions, else the spec's default (document 2 §5). */
export const sentPrompt = (instructions: string) =>
  instructions.trim() || EXTRACTOR_MESSAGES.defaultPrompt;

/**
 * The fashion extractor call (document 2 §7): the extraction type, the one image, the prompt,
 * numImages 1, the user and mode, and the spec's fixed values (quality high, preserveDetails and
 * removeBackground on), which the server accepts and ignores.
 */
export function extractorRequest(
  { instructions }: ExtractorSettings,
  { userId, imageUrl, mode }: { userId: string; imageUrl: string; mode: Mode },
): { path: string; body: Record<string, unknown> } {
  return {
    path: TOOL_DEFINITIONS[TOOL].path,
    body: {
      extractionType: EXTRACTION_TYPE,
      inputImageUrls: [imageUrl],
      prompt: sentPrompt(instructions),
      numImages: NUM_IMAGES,
      userId,
      mode,
      quality: 'high',
      preserveDetails: true,
      removeBackground: true,
    },
  };
}

/** What changes the price, as the generate payload says it: the mode (one image a run). */
export const extractorEstimate = (mode: Mode): EstimatePayload => ({
  mode,
  numImages: NUM_IMAGES,
});

/** Saved names of results ('fashion-extractor-1.jpg'). */
export const downloadName = (index: number) => `fashion-extractor-${String(index + 1)}.jpg`;

/**
 * Upscale (document 2 §2): the result handed to the canvas editor's upscaler, like the kit's HD
 * (one image, its prompt, variations 1, its origin, tool=upscaler).
 */
export function upscaleHandOff({
  imageUrl,
  prompt,
  generationId,
}: {
  imageUrl: string;
  prompt: string;
  generationId: string;
}): ToolNavigationState {
  return {
    inputImages: [imageUrl],
    prompt,
    variations: 1,
    recreatingFrom: generationId,
    tool: 'upscaler',
  };
}

/**
 * Of a reused run's settings only its mode and prompt apply here, the prompt as the instructions
 * (the default prompt means none were written).
 */
export const arrivalSettings = (arrival: ToolNavigationState): ExtractorSettings => ({
  instructions:
    arrival.prompt && arrival.prompt !== EXTRACTOR_MESSAGES.defaultPrompt ? arrival.prompt : '',
});
