import { z } from 'zod';
import {
  ASPECT_RATIOS,
  BACKGROUNDS,
  DEFAULT_VIDEO_PROMPT,
  DESIGN_THEMES,
  ESTIMATE_FEATURES,
  ETHNICITIES,
  EXPRESSIONS,
  EXTRACTION_TYPES,
  GALLERY_DEFAULT_LIMIT,
  GENDERS,
  GENERATION_STATUSES,
  GENERATION_TYPES,
  MODES,
  PLAN_FAMILIES_WITH_ACCESS,
  POSE_TYPES,
  PRODUCT_IMAGES_MAX,
  PRODUCT_IMAGES_MIN,
  SCENE_STYLES,
  UPSCALE_FACTORS,
  VIEW_TYPES,
} from './tools';

/*
 * Generate payloads of document 2 §7. They accept the fields the spec's client sends; unknown keys
 * are dropped, fixed values (inference steps, guidance, output format) are accepted and ignored.
 * `userId`, when sent, must be the signed-in user: the session decides who pays.
 */

const imageUrl = z.string().trim().min(1, 'An image URL is required').max(2048);
const mode = z.enum(MODES).default('performance');
const prompt = z.string().trim().max(2000).default('');
const userId = z.string().min(1).optional();
const numImages = (max: number, fallback = 1) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

const templateChoice = z.object({
  templateId: z.union([z.string(), z.number()]).transform(String),
  templateUrl: imageUrl,
  prompt: z.string().max(2000).optional(),
});

export const tryOnRequestSchema = z.object({
  userId,
  template: z.array(templateChoice).min(1, 'Please select at least one template').max(4),
  clothing: z.object({
    id: z.union([z.string(), z.number()]).optional(),
    imageUrl: z.array(imageUrl).min(1, 'Please upload a cloth image').max(1),
  }),
  clothType: z.string().max(60).default('auto'),
  prompt,
  numImages: numImages(1),
  ethnicity: z.enum(ETHNICITIES).default('auto'),
  gender: z.enum(GENDERS).default('female'),
  mode,
  aspectRatio: z.enum(ASPECT_RATIOS).default('9:16'),
});
export type TryOnRequest = z.input<typeof tryOnRequestSchema>;

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
  poseId: z.union([z.string(), z.number()]).transform(String),
  imageUrl: z.union([z.string(), z.array(z.string())]).optional(),
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
  resolution: z.string().optional(),
  templateId: z.union([z.string(), z.number()]).transform(String).optional(),
  mode,
});
export type VideoRequest = z.input<typeof videoRequestSchema>;

export const upscaleRequestSchema = z.object({
  userId,
  imageUrl,
  upscaleFactor: z.string().trim().toLowerCase().pipe(z.enum(UPSCALE_FACTORS)).default('2x'),
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
export const videoPromptResponseSchema = z.object({
  success: z.literal(true),
  prompt: z.string(),
  message: z.string(),
  /** True when the prompt came from a built-in writer rather than a vision model. */
  preview: z.boolean(),
});

// --- Generation state ---------------------------------------------------------------------------

export const generationAcceptedSchema = z.object({
  success: z.literal(true),
  generationId: z.string(),
  status: z.enum(GENERATION_STATUSES),
});
export type GenerationAccepted = z.infer<typeof generationAcceptedSchema>;

/** `?wait=` once the job ended: the spec's result shape plus the id and status. */
export const generationResultSchema = z.object({
  success: z.boolean(),
  generationId: z.string(),
  status: z.enum(GENERATION_STATUSES),
  imageUrls: z.array(z.string()),
  videoUrlList: z.array(z.string()),
  message: z.string(),
});
export type GenerationResult = z.infer<typeof generationResultSchema>;

export const generationSchema = z.object({
  id: z.string(),
  type: z.enum(GENERATION_TYPES),
  status: z.enum(GENERATION_STATUSES),
  /** 0–100 while running. */
  progress: z.number().int(),
  /** Place in the queue (1 = next) while queued, else null. */
  queuePosition: z.number().int().nullable(),
  creditCost: z.number().int(),
  prompt: z.string(),
  imageUrls: z.array(z.string()),
  videoUrls: z.array(z.string()),
  inputImageUrls: z.array(z.string()),
  /** Set when the engine could only make a labelled preview (no generative model configured). */
  previewNote: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Generation = z.infer<typeof generationSchema>;
export const generationResponseSchema = z.object({
  success: z.literal(true),
  generation: generationSchema,
});
export type GenerationResponse = z.infer<typeof generationResponseSchema>;

// --- Credit estimate and plan access -------------------------------------------------------------

/** `POST /credits/estimate`: the feature name plus a payload resembling the generate payload. */
export const estimateRequestSchema = z
  .object({
    feature: z.enum(ESTIMATE_FEATURES),
    mode: z.enum(MODES).optional(),
    numImages: z.coerce.number().int().min(1).max(8).optional(),
    duration: z.coerce.number().int().min(1).max(10).optional(),
    upscaleFactor: z.string().trim().toLowerCase().pipe(z.enum(UPSCALE_FACTORS)).optional(),
    template: z.array(z.unknown()).optional(),
    userId,
  })
  .loose();
export type EstimateRequest = z.input<typeof estimateRequestSchema>;
export const estimateResponseSchema = z.object({
  success: z.literal(true),
  creditCost: z.number().int(),
  canAfford: z.boolean(),
  available: z.number().int(),
  message: z.string(),
});
export type EstimateResponse = z.infer<typeof estimateResponseSchema>;

export const modeOptionSchema = z.object({
  value: z.enum(MODES),
  label: z.string(),
  disabled: z.boolean(),
  /** Plans that unlock the mode, lowest first (empty when open to all). */
  requiresPlan: z.array(z.enum(PLAN_FAMILIES_WITH_ACCESS)),
});
export type ModeOption = z.infer<typeof modeOptionSchema>;
export const accessResponseSchema = z.object({
  success: z.literal(true),
  plan: z.enum(PLAN_FAMILIES_WITH_ACCESS),
  modes: z.array(modeOptionSchema),
  tools: z.array(
    z.object({
      type: z.enum(GENERATION_TYPES),
      allowed: z.boolean(),
      requiresPlan: z.array(z.enum(PLAN_FAMILIES_WITH_ACCESS)),
    }),
  ),
});
export type AccessResponse = z.infer<typeof accessResponseSchema>;

// --- Catalog ---------------------------------------------------------------------------------------

export const templateItemSchema = z.object({
  templateId: z.string(),
  templateName: z.string(),
  templateUrl: z.string(),
  templateDescription: z.string(),
  category: z.string(),
  prompt: z.string(),
});
export type TemplateItem = z.infer<typeof templateItemSchema>;

export const poseItemSchema = z.object({
  poseId: z.string(),
  poseName: z.string(),
  type: z.enum(POSE_TYPES),
  gender: z.enum(GENDERS),
  imageUrl: z.string(),
  prompt: z.string(),
  generationType: z.string(),
  liveStatus: z.boolean(),
  timestamp: z.string(),
});
export type PoseItem = z.infer<typeof poseItemSchema>;
export const posesResponseSchema = z.object({
  success: z.literal(true),
  poses: z.array(poseItemSchema),
});

export const videoTemplatesRequestSchema = z.object({ type: z.string().max(40).default('tryon') });
export const videoTemplateSchema = z.object({
  videoId: z.string(),
  videoUrl: z.string(),
  thumbnailUrl: z.string(),
  duration: z.number().int(),
  type: z.string(),
});
export type VideoTemplate = z.infer<typeof videoTemplateSchema>;
export const videoTemplatesResponseSchema = z.object({
  success: z.literal(true),
  videoTemplates: z.array(videoTemplateSchema),
  message: z.string(),
});

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
});
export type PastGenerationsRequest = z.input<typeof pastGenerationsRequestSchema>;

export const galleryItemSchema = z.object({
  generationId: z.string(),
  type: z.string(),
  timestamp: z.string(),
  prompt: z.string(),
  styleName: z.string().nullable(),
  numberOfImages: z.number().int(),
  numberOfVideos: z.number().int(),
  imageUrlList: z.array(z.string()),
  videoUrlList: z.array(z.string()),
  inputImageUrls: z.array(z.string()),
  /** Small WebP and ThumbHash of the first image, for fast cards (null for videos-only). */
  thumbnailUrl: z.string().nullable(),
  thumbhash: z.string().nullable(),
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;
export const pastGenerationsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(galleryItemSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    totalItems: z.number().int(),
    totalPages: z.number().int(),
    hasNextPage: z.boolean(),
    hasPreviousPage: z.boolean(),
  }),
  message: z.string(),
});
export type PastGenerationsResponse = z.infer<typeof pastGenerationsResponseSchema>;
