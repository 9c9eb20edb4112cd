import type { SCENE_STYLES } from '@studio/contract/tools';
import { TOOL_DEFINITIONS, type GenerationType, type Mode } from '@studio/contract/tools';
import {
  reusedSetting,
  type EstimatePayload,
  type ToolNavigationState,
  type ResultNaming,
} from '@/features/generations';

export const TOOL: GenerationType = 'photoshoot';
export const FEATURE_NAME = TOOL_DEFINITIONS[TOOL].label;
export const ESTIMATE_FEATURE = TOOL_DEFINITIONS[TOOL].feature;

/** Document 2 §4, §5 and §8, word for word (noImage: the server's own word for a missing image). */
export const PHOTOSHOOT_MESSAGES = {
  noImage: 'Please upload a product image',
  failed: 'Failed to generate photoshoot. Please try again.',
  uploadSuccess: 'Upload successful!',
  uploadFailure: 'Upload failed.',
  resultsTitle: 'Generated Photoshoot',
  exampleResultsTitle: 'Example Results',
} as const;

/** Sent when the prompt is empty (document 2 §5). */
export const DEFAULT_PROMPT = 'in a landscape';
/** Fixed values of the call (document 2 §7). */
const COLOR_THEME = 'white';
const QUALITY = 'high';

/** Document 2 §9: product images 1 to 5, default 1 (the contract's PRODUCT_IMAGES_MIN/MAX). */
export const IMAGES_MIN = 1;
export const IMAGES_MAX = 5;
export const IMAGES_DEFAULT = 1;

export type SceneStyle = (typeof SCENE_STYLES)[number];

/*
 * The contract's SCENE_STYLES in its order, read from the label record (which the type makes
 * complete): importing the array itself would keep it in the shared chunk every page loads.
 */
export const SCENE_STYLE_LABELS: Record<SceneStyle, string> = {
  lifestyle: 'Lifestyle',
  studio: 'Studio',
  outdoor: 'Outdoor',
  minimal: 'Minimal',
  luxury: 'Luxury',
};
export const SCENE_STYLE_LIST = Object.keys(SCENE_STYLE_LABELS) as [SceneStyle, ...SceneStyle[]];
/** The server's default scene (photoshootRequestSchema). */
const DEFAULT_SCENE: SceneStyle = 'studio';

export const isSceneStyle = (value: unknown): value is SceneStyle =>
  SCENE_STYLE_LIST.some((style) => style === value);

/** The form (document 2 §2): scene style, number of images, prompt. */
export interface PhotoshootSettings {
  sceneStyle: SceneStyle;
  numImages: number;
  prompt: string;
}

export const initialSettings = (): PhotoshootSettings => ({
  sceneStyle: DEFAULT_SCENE,
  numImages: IMAGES_DEFAULT,
  prompt: '',
});

/** A count brought into 1..5 (the stepper's range); anything unreadable is the default. */
export function clampImages(count: unknown): number {
  if (typeof count !== 'number' || !Number.isFinite(count)) return IMAGES_DEFAULT;
  return Math.min(IMAGES_MAX, Math.max(IMAGES_MIN, Math.floor(count)));
}

/** The prompt a run sends: the user's, else 'in a landscape' (document 2 §5). */
export const sentPrompt = (settings: Pick<PhotoshootSettings, 'prompt'>) =>
  settings.prompt.trim() || DEFAULT_PROMPT;

/**
 * The product photoshoot call (document 2 §7): the scene style, no product image ids, colour theme
 * white, the product image, the prompt, the number of images, the user, the mode and quality high.
 */
export function photoshootRequest(
  settings: PhotoshootSettings,
  { userId, imageUrl, mode }: { userId: string; imageUrl: string; mode: Mode },
): { path: string; body: Record<string, unknown> } {
  return {
    path: TOOL_DEFINITIONS[TOOL].path,
    body: {
      sceneStyle: settings.sceneStyle,
      productImageIds: [],
      colorTheme: COLOR_THEME,
      inputImageUrls: [imageUrl],
      prompt: sentPrompt(settings),
      numImages: clampImages(settings.numImages),
      userId,
      mode,
      quality: QUALITY,
    },
  };
}

/** What changes the price, as the generate payload says it: the mode and the number of images. */
export function photoshootEstimate(settings: PhotoshootSettings, mode: Mode): EstimatePayload {
  return { mode, numImages: clampImages(settings.numImages) };
}

/** Saved names of results ('product-photoshoot-2.jpg'). */
export const downloadName = (index: number) => `product-photoshoot-${String(index + 1)}.jpg`;

/**
 * The form as another screen hands it over (the gallery's View): the scene (recorded as the run's
 * style), the number of images and the prompt; the default prompt goes back as an empty field.
 * Reuse settings also hands over the run's own settings, which win where the screen offers them.
 */
export function arrivalSettings(arrival: ToolNavigationState): PhotoshootSettings {
  const base = initialSettings();
  const prompt = arrival.prompt ?? '';
  const count = arrival.settings?.numImages ?? arrival.variations;
  return {
    sceneStyle:
      reusedSetting(arrival, 'sceneStyle', SCENE_STYLE_LIST) ??
      (isSceneStyle(arrival.style) ? arrival.style : base.sceneStyle),
    numImages: count === undefined ? base.numImages : clampImages(count),
    prompt: prompt.trim() === DEFAULT_PROMPT ? '' : prompt,
  };
}

/** The product photoshoot's results as the screen names them (document 2 §2). */
export const NAMING: ResultNaming = {
  tool: TOOL,
  altText: (index, several) => (several ? `Product scene ${String(index + 1)}` : 'Product scene'),
  filename: downloadName,
};
