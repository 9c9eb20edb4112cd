import {
  BATCH_GARMENTS_MAX,
  BATCH_MODELS_MAX,
  GARMENT_PHOTO_TYPES,
  TOOL_DEFINITIONS,
  TRY_ON_CATEGORIES,
  TRY_ON_IMAGES_MAX,
  type GarmentPhotoType,
  type GenerationType,
  type Mode,
  type TryOnCategory,
} from '@studio/contract/tools';
import {
  reusedSetting,
  type EstimatePayload,
  type ModelTemplate,
  type ToolNavigationState,
} from '@/features/generations';

export const TOOL: GenerationType = 'try-on';
export const FEATURE_NAME = TOOL_DEFINITIONS[TOOL].label;
export const ESTIMATE_FEATURE = TOOL_DEFINITIONS[TOOL].feature;
export { BATCH_GARMENTS_MAX, BATCH_MODELS_MAX, TRY_ON_IMAGES_MAX };

/** What the screen says (the spec shows this tool only through the dashboard cards: ADR 019). */
export const TRY_ON_MESSAGES = {
  noGarment: 'Please upload a garment photo',
  noModel: 'Please choose a model',
  failed: 'Failed to generate try-on. Please try again.',
  uploadSuccess: 'Upload successful!',
  uploadFailure: 'Upload failed.',
} as const;

export const CATEGORY_LABELS: Record<TryOnCategory, string> = {
  auto: 'Auto',
  tops: 'Tops',
  bottoms: 'Bottoms',
  'one-pieces': 'One-pieces',
};

export const PHOTO_TYPE_LABELS: Record<GarmentPhotoType, string> = {
  auto: 'Auto detect',
  'flat-lay': 'Flat lay, mannequin or dummy',
  model: 'Worn by a person',
};

export const categoryOptions = TRY_ON_CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));
export const photoTypeOptions = GARMENT_PHOTO_TYPES.map((value) => ({
  value,
  label: PHOTO_TYPE_LABELS[value],
}));

/** A stored garment or model photo of the form (its upload finished). */
export interface StoredImage {
  url: string;
  name: string;
}

export interface TryOnSettings {
  templates: readonly ModelTemplate[];
  category: TryOnCategory;
  photoType: GarmentPhotoType;
  numImages: number;
  /** The catalogue's name (the zip's); the server names it when empty. */
  name: string;
}

export const initialSettings = (): TryOnSettings => ({
  templates: [],
  category: 'auto',
  photoType: 'auto',
  numImages: 1,
  name: '',
});

const IMAGE_COUNTS = Array.from({ length: TRY_ON_IMAGES_MAX }, (_, index) => index + 1);

/**
 * The form as Reuse settings hands it over (ADR 030): the pair's category, garment photo type and
 * images per pair, where the form offers them; the garment and model come as its input images.
 */
export function arrivalSettings(arrival: ToolNavigationState): TryOnSettings {
  const base = initialSettings();
  return {
    ...base,
    category: reusedSetting(arrival, 'category', TRY_ON_CATEGORIES) ?? base.category,
    photoType: reusedSetting(arrival, 'garmentPhotoType', GARMENT_PHOTO_TYPES) ?? base.photoType,
    numImages: reusedSetting(arrival, 'numImages', IMAGE_COUNTS) ?? base.numImages,
  };
}

/** Why Generate is refused, in the order a seller fills the form, or null when complete. */
export function formProblem(garments: number, models: number): string | null {
  if (garments === 0) return TRY_ON_MESSAGES.noGarment;
  if (models === 0) return TRY_ON_MESSAGES.noModel;
  return null;
}

const named = (name: string) => (name.trim() ? { name: name.trim().slice(0, 80) } : {});

/** The models as the batch call takes them: templates (or 'random') then the user's own photos. */
export function modelPayload(templates: readonly ModelTemplate[], photos: readonly StoredImage[]) {
  return [
    ...templates.map((t) =>
      t.imageUrl === null
        ? { kind: 'template' as const, templateId: t.id }
        : {
            kind: 'template' as const,
            templateId: t.id,
            templateUrl: t.imageUrl,
            ...named(t.name),
          },
    ),
    ...photos.map((p) => ({ kind: 'photo' as const, imageUrl: p.url, ...named(p.name) })),
  ];
}

/** `POST /try-on/batches`: every garment on every model, one generation per pair. */
export function catalogueRequest(
  settings: TryOnSettings,
  {
    userId,
    garments,
    photos,
    mode,
  }: {
    userId: string;
    garments: readonly StoredImage[];
    photos: readonly StoredImage[];
    mode: Mode;
  },
): Record<string, unknown> {
  return {
    userId,
    name: settings.name.trim(),
    garments: garments.map((g) => ({ imageUrl: g.url, ...named(g.name) })),
    models: modelPayload(settings.templates, photos),
    category: settings.category,
    garmentPhotoType: settings.photoType,
    numImages: settings.numImages,
    mode,
  };
}

/**
 * What changes the price: the mode, images per pair and how many pairs (garments × models); the
 * server prices each pair alone and multiplies, as it charges.
 */
export function catalogueEstimate(
  settings: TryOnSettings,
  mode: Mode,
  garments: number,
  photos: number,
): EstimatePayload {
  return {
    mode,
    numImages: settings.numImages,
    garments: Array.from({ length: Math.max(1, garments) }, () => ({})),
    models: Array.from({ length: Math.max(1, settings.templates.length + photos) }, () => ({})),
  };
}

/** A garment's name from its file: 'red-dress.jpg' → 'red-dress'. */
export const nameFromFile = (fileName: string) =>
  fileName
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .trim()
    .slice(0, 80);

/** Saved names of single results ('clothes-ai-photoshoot-red-dress-ava-1.jpg'). */
export function downloadName(garment: string, model: string, index: number): string {
  const slug = `${garment}-${model}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `clothes-ai-photoshoot-${slug || 'photo'}-${String(index + 1)}.jpg`;
}
