// Tools, modes, prices and plan access as plain data (no zod), so the browser can show prices and
// disabled modes from the same numbers the server charges: `import … from '@studio/contract/tools'`.
// Why the prices are what they are: docs/decisions/013-credit-prices.md.

/** Generation types as stored and as the gallery names them (document 1 §2 Gallery). */
export const GENERATION_TYPES = [
  'photoshoot',
  'try-on',
  'realistic-try-on',
  'ai-designer',
  'ai-poses',
  'fashion-extractor',
  'video-generation',
  'upscaler',
  'background-removal',
] as const;
export type GenerationType = (typeof GENERATION_TYPES)[number];

/** Feature names of the shared credit estimator (document 2 §7), plus the plain try-on. */
export const ESTIMATE_FEATURES = [
  'try-on',
  'realistic-tryon',
  'ai-designer',
  'ai-poses',
  'photoshoot',
  'fashion-extractor',
  'video',
  'upscaler',
  'background-removal',
] as const;
export type EstimateFeature = (typeof ESTIMATE_FEATURES)[number];

export const FEATURE_GENERATION_TYPE: Record<EstimateFeature, GenerationType> = {
  'try-on': 'try-on',
  'realistic-tryon': 'realistic-try-on',
  'ai-designer': 'ai-designer',
  'ai-poses': 'ai-poses',
  photoshoot: 'photoshoot',
  'fashion-extractor': 'fashion-extractor',
  video: 'video-generation',
  upscaler: 'upscaler',
  'background-removal': 'background-removal',
};

export const MODES = ['performance', 'balanced', 'quality'] as const;
export type Mode = (typeof MODES)[number];
export const DEFAULT_MODE: Mode = 'performance';
export const MODE_LABELS: Record<Mode, string> = {
  performance: 'Performance',
  balanced: 'Balanced',
  quality: 'Quality',
};

export const PLAN_FAMILIES_WITH_ACCESS = ['free', 'plus', 'pro', 'enterprise'] as const;
export type AccessPlan = (typeof PLAN_FAMILIES_WITH_ACCESS)[number];

/** Plans that may use a mode (document 2 §6: performance for all, balanced from Plus, quality from Pro). */
export const MODE_PLANS: Record<Mode, readonly AccessPlan[]> = {
  performance: ['free', 'plus', 'pro', 'enterprise'],
  balanced: ['plus', 'pro', 'enterprise'],
  quality: ['pro', 'enterprise'],
};

/** Tools limited to some plans; the rest are open to every plan. */
export const TOOL_PLANS: Partial<Record<GenerationType, readonly AccessPlan[]>> = {
  'video-generation': ['pro', 'enterprise'],
  'fashion-extractor': ['plus', 'pro', 'enterprise'],
};

export function planMayUseMode(plan: AccessPlan, mode: Mode): boolean {
  return MODE_PLANS[mode].includes(plan);
}

export function planMayUseTool(plan: AccessPlan, type: GenerationType): boolean {
  return TOOL_PLANS[type]?.includes(plan) ?? true;
}

/** The plans needed for a mode, as the mode selector shows them ('Plus', 'Pro', 'Enterprise'). */
export function requiredPlansFor(mode: Mode): AccessPlan[] {
  const plans = MODE_PLANS[mode];
  return plans.includes('free') ? [] : [...plans];
}

// --- Prices ---------------------------------------------------------------------------------
// One credit is worth about 25 US cents to a Pro subscriber (40 credits for $10). A price covers the
// provider cost of the work at that mode with a margin, rounded to whole credits.

/** Credits per output image at the performance mode. */
export const IMAGE_PRICES: Record<
  Exclude<GenerationType, 'video-generation' | 'upscaler'>,
  number
> = {
  photoshoot: 1,
  'try-on': 1,
  'realistic-try-on': 2,
  'ai-designer': 2,
  'ai-poses': 2,
  'fashion-extractor': 2,
  'background-removal': 1,
};

export const UPSCALE_FACTORS = ['2x', '4x', '4k'] as const;
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number];
export const UPSCALE_PRICES: Record<UpscaleFactor, number> = { '2x': 1, '4x': 2, '4k': 2 };

export const VIDEO_DURATIONS = [5, 10] as const;
export type VideoDuration = (typeof VIDEO_DURATIONS)[number];
/** Credits per 5 seconds of video at the performance mode (360p). */
export const VIDEO_PRICE_PER_5S = 4;

/** Price multiplier per mode: better models cost the provider more per image or second. */
export const MODE_MULTIPLIERS: Record<Mode, number> = { performance: 1, balanced: 1.5, quality: 2 };

export const VIDEO_RESOLUTIONS: Record<Mode, '360p' | '480p' | '720p'> = {
  performance: '360p',
  balanced: '480p',
  quality: '720p',
};

/** Tools whose mode is not priced (fixed, model-free work in every mode). */
const MODE_FREE_TYPES: readonly GenerationType[] = ['upscaler', 'background-removal'];

export interface PriceInput {
  type: GenerationType;
  mode?: Mode;
  numImages?: number;
  durationSeconds?: number;
  upscaleFactor?: UpscaleFactor;
}

/** Credits a generation costs; the server charges exactly this and the estimator shows it. */
export function creditCost(input: PriceInput): number {
  const mode = input.mode ?? DEFAULT_MODE;
  const multiplier = MODE_FREE_TYPES.includes(input.type) ? 1 : MODE_MULTIPLIERS[mode];
  if (input.type === 'video-generation') {
    const fives = Math.ceil((input.durationSeconds ?? 5) / 5);
    return Math.ceil(VIDEO_PRICE_PER_5S * fives * multiplier);
  }
  if (input.type === 'upscaler') return UPSCALE_PRICES[input.upscaleFactor ?? '2x'];
  const count = Math.max(1, input.numImages ?? 1);
  return Math.ceil(IMAGE_PRICES[input.type] * count * multiplier);
}

// --- Generation states and limits ------------------------------------------------------------

export const GENERATION_STATUSES = [
  'queued',
  'running',
  'succeeded',
  'failed',
  'canceled',
] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
export const FINISHED_STATUSES: readonly GenerationStatus[] = ['succeeded', 'failed', 'canceled'];

/** Generations one user may have queued or running at once. */
export const MAX_ACTIVE_GENERATIONS = 4;
/** Generate requests one user may make per minute. */
export const GENERATE_REQUESTS_PER_MINUTE = 20;
/** Longest `?wait=` a generate call may hold the response, in seconds. */
export const MAX_WAIT_SECONDS = 120;

export const DEFAULT_VIDEO_PROMPT = 'showing off clothes to camera in different poses';
export const GALLERY_PAGE_SIZES = [6, 12, 24, 36] as const;
export const GALLERY_DEFAULT_LIMIT = 12;
export const GALLERY_SEARCH_MIN = 2;

// --- Enumerations of document 2 §9 ---------------------------------------------------------------

export const ETHNICITIES = [
  'auto',
  'indian',
  'american',
  'latino',
  'asian',
  'african',
  'european',
] as const;
export const GENDERS = ['female', 'male'] as const;
export const POSE_TYPES = ['standing', 'sitting', 'leaning'] as const;
export const BACKGROUNDS = [
  'no-change',
  'natural',
  'studio',
  'outdoor',
  'minimalist',
  'simple-background',
] as const;
export const EXPRESSIONS = ['no-change', 'neutral', 'smiling', 'laughing'] as const;
export const VIEW_TYPES = [
  'random',
  'full body view',
  'upper body view',
  'closeup view',
  'side view',
  'back view',
] as const;
export const SCENE_STYLES = ['lifestyle', 'studio', 'outdoor', 'minimal', 'luxury'] as const;
export const DESIGN_THEMES = [
  'automatic',
  'bohemian',
  'bridal',
  'casual',
  'contemporary',
  'ethnic',
  'formal',
  'minimalist',
  'western',
  'vintage',
] as const;
export const EXTRACTION_TYPES = [
  'full-outfit',
  'individual-items',
  'accessories',
  'upper-body',
  'lower-body',
] as const;
export const ASPECT_RATIOS = ['9:16', '16:9', '1:1'] as const;
export const CANVAS_TOOLS = ['video-generation', 'upscaler', 'background-removal'] as const;
export const PRODUCT_IMAGES_MIN = 1;
export const PRODUCT_IMAGES_MAX = 5;
