import { z } from 'zod';
import { COLOURWAY_VARIANTS_MAX } from './constants';
import { DESIGN_THEMES } from './design-options';
import {
  ASPECT_RATIOS,
  BACKGROUNDS,
  DEFAULT_VIDEO_PROMPT,
  ESTIMATE_FEATURES,
  ETHNICITIES,
  EXPRESSIONS,
  EXTRACTION_TYPES,
  GALLERY_DEFAULT_LIMIT,
  BATCH_GARMENTS_MAX,
  BATCH_MODELS_MAX,
  GARMENT_PHOTO_TYPES,
  TRY_ON_CATEGORIES,
  TRY_ON_IMAGES_MAX,
  GENDERS,
  MAX_TEMPLATES_PER_RUN,
  RANDOM_TEMPLATE_ID,
  MODES,
  POSE_TYPES,
  PRODUCT_IMAGES_MAX,
  PRODUCT_IMAGES_MIN,
  SCENE_STYLES,
  UPSCALE_FACTORS,
  VIEW_TYPES,
} from './tools';
import { userIdSchema } from './user';

/*
 * Generate payloads of document 2 §7. They accept the fields the spec's client sends; unknown keys
 * are dropped, fixed values (inference steps, guidance, output format) are accepted and ignored.
 * `userId`, when sent, must be the signed-in user: the session decides who pays.
 */

const imageUrl = z.string().trim().min(1, 'An image URL is required').max(2048);
const mode = z.enum(MODES).default('performance');
const prompt = z.string().trim().max(2000).default('');
const userId = userIdSchema.optional();
/** A catalog entry's id (template, pose, video template): clients send numbers or strings. */
const catalogId = z.union([z.string().max(100), z.number()]).transform(String);
/** Only the first image of a pose preset is used; a preset lists a few at most. */
const POSE_IMAGES_MAX = 4;
const upscaleFactor = z.string().max(10).trim().toLowerCase().pipe(z.enum(UPSCALE_FACTORS));
const numImages = (max: number, fallback = 1) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

/** A chosen model template; the built-in 'random' entry has no URL (the server picks one). */
const templateChoice = z
  .object({
    templateId: catalogId,
    templateUrl: imageUrl.optional(),
    prompt: z.string().max(2000).optional(),
  })
  .refine((t) => t.templateId === RANDOM_TEMPLATE_ID || t.templateUrl !== undefined, {
    message: 'A template needs its image URL',
    path: ['templateUrl'],
  });

export const realisticTryOnRequestSchema = z.object({
  userId,
  // The garment before the templates: inputs are recorded in key order, and the gallery's first
  // input is what View hands back to the screen as the cloth image.
  clothing: z.object({
    id: z.union([z.string().max(100), z.number()]).optional(),
    imageUrl: z.array(imageUrl).min(1, 'Please upload a cloth image').max(1),
  }),
  template: z
    .array(templateChoice)
    .min(1, 'Please select at least one template')
    .max(MAX_TEMPLATES_PER_RUN, `Choose at most ${String(MAX_TEMPLATES_PER_RUN)} templates`),
  clothType: z.string().max(60).default('auto'),
  prompt,
  numImages: numImages(1),
  ethnicity: z.enum(ETHNICITIES).default('auto'),
  gender: z.enum(GENDERS).default('female'),
  mode,
  aspectRatio: z.enum(ASPECT_RATIOS).default('9:16'),
});
export type RealisticTryOnRequest = z.input<typeof realisticTryOnRequestSchema>;

/** What a seller calls a garment or model (a file name, a SKU); names zip entries and groups. */
const label = z.string().trim().max(80, 'Names are at most 80 characters');

/** A garment photo: flat lay, on a mannequin or dummy, or worn by someone. */
const garmentSchema = z.object({ imageUrl, name: label.optional() });

/** Who wears the garment: a model template ('random' lets the server pick) or the user's own photo. */
export const tryOnModelSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('template'),
      templateId: catalogId,
      templateUrl: imageUrl.optional(),
      name: label.optional(),
    })
    .refine((t) => t.templateId === RANDOM_TEMPLATE_ID || t.templateUrl !== undefined, {
      message: 'A template needs its image URL',
      path: ['templateUrl'],
    }),
  z.object({ kind: z.literal('photo'), imageUrl, name: label.optional() }),
]);
export type TryOnModel = z.input<typeof tryOnModelSchema>;

/** The settings every pair of a try-on shares. */
const tryOnSettings = {
  category: z.enum(TRY_ON_CATEGORIES).default('auto'),
  garmentPhotoType: z.enum(GARMENT_PHOTO_TYPES).default('auto'),
  numImages: numImages(TRY_ON_IMAGES_MAX),
  mode,
};

/**
 * One garment on one model (Clothes AI Photoshoot). The garment comes first: inputs are recorded
 * in key order, and the gallery's View hands the first input back as the garment.
 */
export const tryOnRequestSchema = z.object({
  userId,
  garment: garmentSchema,
  model: tryOnModelSchema,
  ...tryOnSettings,
});
export type TryOnRequest = z.input<typeof tryOnRequestSchema>;

const modelKey = (model: z.output<typeof tryOnModelSchema>) =>
  model.kind === 'photo' ? `photo:${model.imageUrl}` : `template:${model.templateId}`;
const distinct = (keys: string[]) => new Set(keys).size === keys.length;

/**
 * A catalogue (`POST /try-on/batches`): every garment on every model, one generation per pair,
 * priced and confirmed up front. 'random' may be chosen once; the server resolves it.
 */
export const tryOnBatchRequestSchema = z.object({
  userId,
  name: label.default(''),
  garments: z
    .array(garmentSchema)
    .min(1, 'Please upload at least one garment')
    .max(BATCH_GARMENTS_MAX, `A catalogue takes at most ${String(BATCH_GARMENTS_MAX)} garments`)
    .refine((list) => distinct(list.map((g) => g.imageUrl)), 'Each garment can be added once'),
  models: z
    .array(tryOnModelSchema)
    .min(1, 'Please choose at least one model')
    .max(BATCH_MODELS_MAX, `Choose at most ${String(BATCH_MODELS_MAX)} models`)
    .refine((list) => distinct(list.map(modelKey)), 'Each model can be chosen once'),
  ...tryOnSettings,
});
export type TryOnBatchRequest = z.input<typeof tryOnBatchRequestSchema>;

export const designerRequestSchema = z.object({
  userId,
  clothImage: imageUrl,
  clothType: z.string().max(60).default('auto'),
  designTheme: z.enum(DESIGN_THEMES).default('automatic'),
  colorPalette: z.string().max(200).default('auto'),
  style: z.string().max(60).default('modern'),
  aspectRatio: z.enum(ASPECT_RATIOS).default('9:16'),
  prompt,
  numImages: numImages(4),
  mode,
});
export type DesignerRequest = z.input<typeof designerRequestSchema>;

const posePreset = z.object({
  poseId: catalogId,
  imageUrl: z
    .union([
      z.string().max(2048),
      z
        .array(z.string().max(2048))
        .max(POSE_IMAGES_MAX, `A pose has at most ${String(POSE_IMAGES_MAX)} images`),
    ])
    .optional(),
  prompt: z.string().max(2000).optional(),
  type: z.enum(POSE_TYPES).optional(),
  gender: z.enum(GENDERS).optional(),
});

export const posesRequestSchema = z.object({
  userId,
  background: z.enum(BACKGROUNDS).default('no-change'),
  colorTheme: z.string().max(40).optional(),
  expression: z.enum(EXPRESSIONS).default('no-change'),
  inputImageUrls: z.array(imageUrl).min(1, 'Please upload a model image').max(1),
  pose: posePreset.nullable().default(null),
  method: z.enum(['preselected', 'random']).default('random'),
  aspectRatio: z.enum(ASPECT_RATIOS).default('9:16'),
  viewType: z.enum(VIEW_TYPES).default('random'),
  prompt,
  numImages: numImages(1),
  mode,
});
export type PosesRequest = z.input<typeof posesRequestSchema>;

export const photoshootRequestSchema = z.object({
  userId,
  sceneStyle: z.enum(SCENE_STYLES).default('studio'),
  colorTheme: z.string().max(40).default('white'),
  inputImageUrls: z.array(imageUrl).min(1, 'Please upload a product image').max(1),
  prompt: z
    .string()
    .trim()
    .max(2000)
    .transform((text) => text || 'in a landscape')
    .default('in a landscape'),
  numImages: z.coerce.number().int().min(PRODUCT_IMAGES_MIN).max(PRODUCT_IMAGES_MAX).default(1),
  mode,
});
export type PhotoshootRequest = z.input<typeof photoshootRequestSchema>;

export const extractorRequestSchema = z.object({
  userId,
  extractionType: z.enum(EXTRACTION_TYPES).default('full-outfit'),
  inputImageUrls: z.array(imageUrl).min(1, 'Please upload a fashion image').max(1),
  prompt: z
    .string()
    .trim()
    .max(2000)
    .transform((text) => text || 'Extract the clothes from the image')
    .default('Extract the clothes from the image'),
  numImages: numImages(1),
  mode,
});
export type ExtractorRequest = z.input<typeof extractorRequestSchema>;

export const videoRequestSchema = z.object({
  userId,
  inputImageUrls: z.array(imageUrl).min(1, 'Please upload an image first').max(1),
  inputVideoUrl: z.string().max(2048).optional(),
  prompt: z
    .string()
    .trim()
    .max(2000)
    .transform((text) => text || DEFAULT_VIDEO_PROMPT)
    .default(DEFAULT_VIDEO_PROMPT),
  duration: z.coerce
    .number()
    .refine((n) => n === 5 || n === 10, 'Duration must be 5 or 10 seconds')
    .default(5),
  /** Derived from the mode (document 2 §9); a different value sent by a client is ignored. */
  resolution: z.string().max(20).optional(),
  templateId: catalogId.optional(),
  mode,
});
export type VideoRequest = z.input<typeof videoRequestSchema>;

export const upscaleRequestSchema = z.object({
  userId,
  imageUrl,
  upscaleFactor: upscaleFactor.default('2x'),
  method: z.string().max(60).default('High Fidelity V2'),
});
export type UpscaleRequest = z.input<typeof upscaleRequestSchema>;

export const backgroundRemovalRequestSchema = z.object({ userId, imageUrl });
export type BackgroundRemovalRequest = z.input<typeof backgroundRemovalRequestSchema>;

export const videoPromptRequestSchema = z.object({
  userId,
  imageUrl,
  model: z.string().max(60).optional(),
});

// --- Credit estimate -----------------------------------------------------------------------------

/** `POST /credits/estimate`: the feature name plus a payload resembling the generate payload. */
export const estimateRequestSchema = z
  .object({
    feature: z.enum(ESTIMATE_FEATURES),
    mode: z.enum(MODES).optional(),
    numImages: z.coerce.number().int().min(1).max(8).optional(),
    duration: z.coerce.number().int().min(1).max(10).optional(),
    upscaleFactor: upscaleFactor.optional(),
    // Counted, not read: as many as a run or a catalogue may have.
    template: z.array(z.unknown()).max(MAX_TEMPLATES_PER_RUN).optional(),
    garments: z.array(z.unknown()).max(BATCH_GARMENTS_MAX).optional(),
    models: z.array(z.unknown()).max(BATCH_MODELS_MAX).optional(),
    // A colourway set: one priced generation per variant.
    variants: z.array(z.unknown()).max(COLOURWAY_VARIANTS_MAX).optional(),
    // An angle set: the views it makes (side and back are priced).
    views: z.array(z.unknown()).max(4).optional(),
    userId,
  })
  .loose();
export type EstimateRequest = z.input<typeof estimateRequestSchema>;

// --- Catalog ---------------------------------------------------------------------------------------

export const videoTemplatesRequestSchema = z.object({ type: z.string().max(40).default('tryon') });

// --- Gallery -----------------------------------------------------------------------------------------

/** `POST /gallery/past-generations` (document 1 §7). Unknown types mean all. */
export const pastGenerationsRequestSchema = z.object({
  userId,
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .catch(GALLERY_DEFAULT_LIMIT)
    .default(GALLERY_DEFAULT_LIMIT),
  type: z.string().max(60).default('all'),
  search: z.string().max(200).optional(),
  /**
   * Keyset paging (ADR 040): moving to the next page, the last card's generationId of the page
   * shown; to the previous one, `before` with its first card's. The page is still sent (it numbers
   * the answer, and is walked to when the card is gone). A jump sends neither.
   */
  after: z.string().max(100).optional(),
  before: z.string().max(100).optional(),
});
export type PastGenerationsRequest = z.input<typeof pastGenerationsRequestSchema>;

/**
 * `GET /gallery/past-generations` (ADR 041, addendum 2026-11-25): the session user's first page,
 * exactly what the POST answers for `{ page: 1, limit: GALLERY_DEFAULT_LIMIT, type: 'all' }` (same
 * response schema). A GET because `/gallery`'s HTML preloads it (`<link rel=preload as=fetch>`
 * can only GET). It takes no query string: a parameter is refused rather than ignored, so a caller
 * asking for another page this way learns to use the POST instead of silently getting page 1.
 */
export const pastGenerationsFirstPageQuerySchema = z.strictObject(
  {},
  {
    error:
      'GET /gallery/past-generations takes no parameters (it is the first page); POST for others',
  },
);

/** Most generations one zip or one delete may name (a gallery page is at most 100 cards). */
export const GALLERY_SELECTION_MAX = 100;

/**
 * `POST /gallery/zip` and `DELETE /gallery/generations` (ADR 030): the selected cards, each once, all
 * the caller's own (one that is not, or is unknown, answers 404 for the whole request).
 */
export const gallerySelectionRequestSchema = z.object({
  generationIds: z
    .array(
      z
        .string()
        .min(1)
        .max(100)
        .regex(/^[A-Za-z0-9_-]+$/),
    )
    .min(1)
    .max(GALLERY_SELECTION_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'Each generation may be named once'),
});
export type GallerySelectionRequest = z.input<typeof gallerySelectionRequestSchema>;
