import {
  ANGLE_VIEW_LABELS,
  TOOL_DEFINITIONS,
  type AngleView,
  type GenerationType,
  type Mode,
  type TryOnCategory,
} from '@studio/contract/tools';
import type { Choice } from '@/lib/choices';
import {
  reusedSetting,
  type EstimatePayload,
  type ResultNaming,
  type ToolNavigationState,
} from '@/features/generations';

export const TOOL: GenerationType = 'angle-set';
export const FEATURE_NAME = TOOL_DEFINITIONS[TOOL].label;
export const ESTIMATE_FEATURE = TOOL_DEFINITIONS[TOOL].feature;

export const ANGLE_SET_MESSAGES = {
  noImage: 'Please upload a photo of the garment worn',
  failed: 'Failed to make the angle set. Please try again.',
  uploadSuccess: 'Upload successful!',
  uploadFailure: 'Upload failed.',
  resultsTitle: 'Angle Set',
  exampleResultsTitle: 'Example Results',
  noViews: 'Choose at least one view',
} as const;

/*
 * The contract's views and categories in their order, read from label records (importing the
 * arrays would keep them in the chunk every page loads).
 */
export const VIEW_LIST = Object.keys(ANGLE_VIEW_LABELS) as [AngleView, ...AngleView[]];
const VIEW_DESCRIPTIONS: Record<AngleView, string> = {
  front: 'Your photo itself: the main image.',
  side: 'The same model and garment from the side (a view model).',
  back: 'From behind (a view model).',
  detail: 'A close crop of the garment, enlarged: its fabric and print.',
};
/** The views' checkboxes, in the set's order (which the chosen views keep). */
export const VIEW_CHOICES: readonly Choice<AngleView>[] = VIEW_LIST.map((value) => ({
  value,
  label: ANGLE_VIEW_LABELS[value],
  description: VIEW_DESCRIPTIONS[value],
}));
export const CATEGORY_LABELS: Record<TryOnCategory, string> = {
  auto: 'Auto',
  tops: 'Top',
  bottoms: 'Bottom',
  'one-pieces': 'One-piece',
};
export const CATEGORY_LIST = Object.keys(CATEGORY_LABELS) as [TryOnCategory, ...TryOnCategory[]];
export const isCategory = (value: unknown): value is TryOnCategory =>
  CATEGORY_LIST.some((c) => c === value);

export interface AngleSetSettings {
  views: AngleView[];
  category: TryOnCategory;
}

export const initialSettings = (): AngleSetSettings => ({
  views: [...VIEW_LIST],
  category: 'auto',
});

/** The chosen views in the set's order, each once. */
export const orderedViews = (views: readonly AngleView[]) =>
  VIEW_LIST.filter((view) => views.includes(view));

export function angleSetRequest(
  settings: AngleSetSettings,
  { userId, imageUrl, mode }: { userId: string; imageUrl: string; mode: Mode },
): { path: string; body: Record<string, unknown> } {
  return {
    path: TOOL_DEFINITIONS[TOOL].path,
    body: {
      userId,
      imageUrl,
      category: settings.category,
      views: orderedViews(settings.views),
      mode,
    },
  };
}

/** What changes the price: the mode and the views (the side and back are priced). */
export function angleSetEstimate(settings: AngleSetSettings, mode: Mode): EstimatePayload {
  return { mode, views: orderedViews(settings.views) };
}

export function arrivalSettings(arrival: ToolNavigationState): AngleSetSettings {
  const base = initialSettings();
  return {
    views: base.views,
    category: reusedSetting(arrival, 'category', CATEGORY_LIST) ?? base.category,
  };
}

export const NAMING: ResultNaming = {
  tool: TOOL,
  altText: (index, several) => (several ? `Angle set view ${String(index + 1)}` : 'Angle set view'),
  filename: (index) => `angle-set-${String(index + 1)}.jpg`,
};
