// Tools, modes, prices and plan access as plain data (no zod), so the browser can show prices and
// disabled modes from the same numbers the server charges: `import … from '@studio/contract/tools'`.
// Why the prices are what they are: docs/decisions/013-credit-prices.md. How to add a tool:
// docs/decisions/015-one-tool-list-and-the-tool-kit.md.

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

/** What a provider must really do for a tool (ARCHITECTURE §6); 'prompt' serves Auto-generate. */
export type Capability =
  | 'try-on'
  | 'design'
  | 'pose'
  | 'photoshoot'
  | 'extract'
  | 'upscale'
  | 'remove-background'
  | 'video'
  | 'prompt'
  | 'listing'
  | 'colourway'
  /** A new camera on the same garment and model (an angle set's side and back, ADR 064). */
  | 'view-change';

/**
 * The settings that change a price, read the same way from a generate payload and from an
 * estimate payload (the server's `priceInputOf`), so the estimate is the charge.
 */
export interface PriceInput {
  mode?: Mode;
  numImages?: number;
  /** Model templates chosen: try-ons make `numImages` images per template. */
  templateCount?: number;
  /**
   * Garment × model pairs of a try-on catalogue (or the variants of a colourway set), each its own
   * generation priced alone, so a catalogue costs `pairs` times one pair (never a rounding of the
   * total). One when absent.
   */
  pairs?: number;
  durationSeconds?: number;
  upscaleFactor?: UpscaleFactor;
  /**
   * The views of an angle set a model makes (side, back); its front and detail are engine work,
   * not priced. All four views (two generated) when absent.
   */
  generatedViews?: number;
}

// --- Price rules ----------------------------------------------------------------------------------
// One credit is worth about 25 US cents to a Pro subscriber (40 credits for $10). A price covers the
// provider cost of the work at that mode with a margin, rounded to whole credits.

const modeMultiplier = (input: PriceInput) => MODE_MULTIPLIERS[input.mode ?? DEFAULT_MODE];
const imageCount = (input: PriceInput) => Math.max(1, input.numImages ?? 1);

/** Credits per output image at the performance mode, times the mode's multiplier. */
const perImage = (credits: number) => (input: PriceInput) =>
  Math.ceil(credits * imageCount(input) * modeMultiplier(input));

/**
 * The FLUX Kontext tools (AI designer, poses, photoshoot, extractor) have two models, not three:
 * Kontext [pro] for performance and Kontext [max] (twice its price per image) for quality. No
 * model sits between them, so balanced renders as performance and is charged as performance
 * (ADR 034): a mode is never charged for work it does not buy.
 */
export const KONTEXT_HONOURED_MODES: readonly Mode[] = ['performance', 'quality'];

/** perImage for a tool that renders only `honoured` modes differently; the rest price as performance. */
const perImageOfModes = (credits: number, honoured: readonly Mode[]) => (input: PriceInput) =>
  perImage(credits)({
    ...input,
    mode: honoured.includes(input.mode ?? DEFAULT_MODE) ? input.mode : 'performance',
  });

/** Try-ons: one set of images per chosen model template. */
const perTemplateImage = (credits: number) => (input: PriceInput) =>
  Math.ceil(
    credits * imageCount(input) * Math.max(1, input.templateCount ?? 1) * modeMultiplier(input),
  );

/** Fixed, model-free work: the mode is not priced. */
const fixed = (credits: number) => () => credits;

const videoPrice = (input: PriceInput) =>
  Math.ceil(
    VIDEO_PRICE_PER_5S * Math.ceil((input.durationSeconds ?? 5) / 5) * modeMultiplier(input),
  );

/**
 * An angle set (ADR 064): `credits` per generated view (side, back) times the mode's multiplier;
 * the front (the photo itself) and the detail (a crop of it) cost nothing.
 */
const perGeneratedView = (credits: number) => (input: PriceInput) =>
  Math.ceil(credits * Math.max(0, input.generatedViews ?? 2) * modeMultiplier(input));

const upscalePrice = (input: PriceInput) => UPSCALE_PRICES[input.upscaleFactor ?? '2x'];

// --- The tool list ---------------------------------------------------------------------------------

const ALL_PLANS = PLAN_FAMILIES_WITH_ACCESS;

/** A tool screen of the web app (document 1 §2): its route and how the shell names it. */
export interface ToolScreen {
  path: `/${string}`;
  title: string;
  /** Listed in the sidebar (all tool screens are; the flag stays for a screen that is not). */
  sidebar: boolean;
  /** The header shows the title (document 1 §2 Header lists only some tool screens). */
  headerTitle: boolean;
  /** Uses the whole width (canvas editor and pose pages, document 1 §2 Layout). */
  fullWidth: boolean;
}

/**
 * Tool screens in sidebar order (document 1 §2 Sidebar; the AI designer, which the spec's sidebar
 * forgot, after the realistic photoshoot as in its route list).
 */
export const TOOL_SCREENS = {
  tryOn: {
    path: '/try-on',
    title: 'Clothes AI Photoshoot',
    sidebar: true,
    headerTitle: true,
    fullWidth: false,
  },
  realisticPhotoshoot: {
    path: '/realistic-photoshoot',
    title: 'Advance Clothes AI Photoshoot',
    sidebar: true,
    headerTitle: false,
    fullWidth: false,
  },
  aiDesigner: {
    path: '/ai-designer',
    title: 'AI Designer',
    sidebar: true,
    headerTitle: false,
    fullWidth: false,
  },
  aiPoses: {
    path: '/ai-poses',
    title: 'AI Pose Change',
    sidebar: true,
    headerTitle: true,
    fullWidth: true,
  },
  fashionExtractor: {
    path: '/fashion-extractor',
    title: 'Fashion Extractor',
    sidebar: true,
    headerTitle: true,
    fullWidth: false,
  },
  photoshoot: {
    path: '/photoshoot',
    title: 'Product AI Photoshoot',
    sidebar: true,
    headerTitle: true,
    fullWidth: false,
  },
  colourways: {
    path: '/colourways',
    title: 'Colourways',
    sidebar: true,
    headerTitle: true,
    fullWidth: false,
  },
  angleSets: {
    path: '/angle-sets',
    title: 'Angle Sets',
    sidebar: true,
    headerTitle: true,
    fullWidth: false,
  },
  canvasEditor: {
    path: '/canvas-editor',
    title: 'Canvas Editor',
    sidebar: true,
    headerTitle: true,
    fullWidth: true,
  },
} as const satisfies Record<string, ToolScreen>;
export type ToolScreenKey = keyof typeof TOOL_SCREENS;

/** One tool: everything both sides need to know about it, declared once. */
export interface ToolDefinition {
  /** The estimator's feature name (document 2 §7). */
  feature: string;
  /** Its generate call under /api/v1 (ARCHITECTURE §5). */
  path: `/${string}`;
  /** Its name in credit history, usage and dialogs. */
  label: string;
  /** Its name in the gallery's type filter and on gallery cards (document 1 §2 Gallery). */
  galleryLabel: string;
  /** The screen that makes it, where the gallery's View opens it. */
  screen: ToolScreenKey;
  /** Plans that may use it. */
  plans: readonly AccessPlan[];
  /** What the provider must really do; without it the tool makes a free labelled preview. */
  capability: Capability;
  /** Suffix of its provider model setting (`FAL_MODEL_<configName>`). */
  configName: string;
  /** Credits it costs. */
  price: (input: PriceInput) => number;
}

/**
 * Every tool, once, in the gallery filter's order. The server's generate table, pricing, plan
 * checks and provider settings, and the web's routes, sidebar, header, gallery labels and View
 * targets are all read from here.
 */
export const TOOL_DEFINITIONS = {
  photoshoot: {
    feature: 'photoshoot',
    path: '/photoshoot/generate',
    label: 'Product AI Photoshoot',
    galleryLabel: 'Photoshoots',
    screen: 'photoshoot',
    plans: ALL_PLANS,
    capability: 'photoshoot',
    configName: 'PHOTOSHOOT',
    price: perImageOfModes(1, KONTEXT_HONOURED_MODES),
  },
  'try-on': {
    feature: 'try-on',
    path: '/try-on/generate',
    label: 'Clothes AI Photoshoot',
    galleryLabel: 'Try-Ons',
    screen: 'tryOn',
    plans: ALL_PLANS,
    capability: 'try-on',
    configName: 'TRY_ON',
    price: perTemplateImage(1),
  },
  'realistic-try-on': {
    feature: 'realistic-tryon',
    path: '/realistic-tryon/generate',
    label: 'Advance Clothes AI Photoshoot',
    galleryLabel: 'Advance Clothes Try-On',
    screen: 'realisticPhotoshoot',
    plans: ALL_PLANS,
    capability: 'try-on',
    configName: 'REALISTIC_TRY_ON',
    price: perTemplateImage(2),
  },
  'ai-designer': {
    feature: 'ai-designer',
    path: '/ai-designer/generate',
    label: 'AI Designer',
    galleryLabel: 'AI Designer',
    screen: 'aiDesigner',
    plans: ALL_PLANS,
    capability: 'design',
    configName: 'DESIGN',
    price: perImageOfModes(2, KONTEXT_HONOURED_MODES),
  },
  'ai-poses': {
    feature: 'ai-poses',
    path: '/ai-poses/generate',
    label: 'AI Pose Change',
    galleryLabel: 'Pose Change',
    screen: 'aiPoses',
    plans: ALL_PLANS,
    capability: 'pose',
    configName: 'POSE',
    price: perImageOfModes(2, KONTEXT_HONOURED_MODES),
  },
  'fashion-extractor': {
    feature: 'fashion-extractor',
    path: '/fashion-extractor/generate',
    label: 'Fashion Extractor',
    galleryLabel: 'Fashion Extractor',
    screen: 'fashionExtractor',
    plans: ['plus', 'pro', 'enterprise'],
    capability: 'extract',
    configName: 'EXTRACT',
    price: perImageOfModes(2, KONTEXT_HONOURED_MODES),
  },
  'video-generation': {
    feature: 'video',
    path: '/video/generate',
    label: 'Video Generation',
    galleryLabel: 'Video Generation',
    screen: 'canvasEditor',
    plans: ['pro', 'enterprise'],
    capability: 'video',
    configName: 'VIDEO',
    price: videoPrice,
  },
  upscaler: {
    feature: 'upscaler',
    path: '/upscaler',
    label: 'Image Upscaler',
    galleryLabel: 'Image Upscaler',
    screen: 'canvasEditor',
    plans: ALL_PLANS,
    capability: 'upscale',
    configName: 'UPSCALE',
    price: upscalePrice,
  },
  'background-removal': {
    feature: 'background-removal',
    path: '/background-removal',
    label: 'Background Removal',
    galleryLabel: 'Background Removal',
    screen: 'canvasEditor',
    plans: ALL_PLANS,
    capability: 'remove-background',
    configName: 'REMOVE_BACKGROUND',
    price: fixed(1),
  },
  'listing-prepare': {
    feature: 'listing-prepare',
    path: '/listing/prepare',
    label: 'Listing Image',
    galleryLabel: 'Listing Images',
    screen: 'canvasEditor',
    plans: ALL_PLANS,
    // Always the offline engine (cut-out, crop or pad, upscale, re-encode), whatever the provider.
    capability: 'listing',
    configName: 'LISTING',
    // Priced like background removal, the work it mostly is (ADR 057).
    price: fixed(1),
  },
  colourways: {
    feature: 'colourways',
    path: '/colourways/generate',
    label: 'Colourways',
    galleryLabel: 'Colourways',
    screen: 'colourways',
    plans: ALL_PLANS,
    // The offline engine's recolour on the garment mask, measured (ADR 063), whatever the provider.
    capability: 'colourway',
    configName: 'COLOURWAY',
    // 1 credit per variant: a set of variants is `pairs` variants, each its own generation.
    price: fixed(1),
  },
  'angle-set': {
    feature: 'angle-set',
    path: '/angle-sets/generate',
    label: 'Angle Set',
    galleryLabel: 'Angle Sets',
    screen: 'angleSets',
    plans: ALL_PLANS,
    // The side and back need a view model (fal); offline they are labelled previews, free.
    capability: 'view-change',
    configName: 'ANGLE_SET',
    price: perGeneratedView(1),
  },
} as const satisfies Record<string, ToolDefinition>;

/** Generation types as stored and as the gallery names them (document 1 §2 Gallery). */
export type GenerationType = keyof typeof TOOL_DEFINITIONS;
export const GENERATION_TYPES = Object.keys(TOOL_DEFINITIONS) as [
  GenerationType,
  ...GenerationType[],
];

/** Feature names of the shared credit estimator (document 2 §7), plus the plain try-on. */
export type EstimateFeature = (typeof TOOL_DEFINITIONS)[GenerationType]['feature'];
export const ESTIMATE_FEATURES = GENERATION_TYPES.map((type) => TOOL_DEFINITIONS[type].feature) as [
  EstimateFeature,
  ...EstimateFeature[],
];

export const toolDefinition = (type: GenerationType): ToolDefinition => TOOL_DEFINITIONS[type];

export function isGenerationType(value: unknown): value is GenerationType {
  return GENERATION_TYPES.some((type) => type === value);
}

/** The tool an estimator feature name prices. */
export function toolOfFeature(feature: EstimateFeature): GenerationType {
  const type = GENERATION_TYPES.find((t) => TOOL_DEFINITIONS[t].feature === feature);
  if (type === undefined) throw new Error(`unknown estimate feature ${feature}`);
  return type;
}

/** A tool's display name; an unknown (older or newer) type keeps its raw name. */
export function toolLabel(type: string): string {
  return isGenerationType(type) ? TOOL_DEFINITIONS[type].label : type;
}

/** The tools made on a screen, in list order (the canvas editor makes three). */
export function toolsOfScreen(screen: ToolScreenKey): GenerationType[] {
  return GENERATION_TYPES.filter((type) => TOOL_DEFINITIONS[type].screen === screen);
}

export function planMayUseMode(plan: AccessPlan, mode: Mode): boolean {
  return MODE_PLANS[mode].includes(plan);
}

export function planMayUseTool(plan: AccessPlan, type: GenerationType): boolean {
  const plans: readonly AccessPlan[] = TOOL_DEFINITIONS[type].plans;
  return plans.includes(plan);
}

/** The plans a tool is limited to; empty when every plan may use it. */
export function requiredPlansForTool(type: GenerationType): AccessPlan[] {
  const plans: readonly AccessPlan[] = TOOL_DEFINITIONS[type].plans;
  return plans.includes('free') ? [] : [...plans];
}

/** The plans needed for a mode, as the mode selector shows them ('Plus', 'Pro', 'Enterprise'). */
export function requiredPlansFor(mode: Mode): AccessPlan[] {
  const plans = MODE_PLANS[mode];
  return plans.includes('free') ? [] : [...plans];
}

/** What a plan may use (`GET /modes`): every mode and tool, locked ones with the plans they need. */
export function planAccess(plan: AccessPlan) {
  return {
    plan,
    modes: MODES.map((mode) => ({
      value: mode,
      label: MODE_LABELS[mode],
      disabled: !planMayUseMode(plan, mode),
      requiresPlan: requiredPlansFor(mode),
    })),
    tools: GENERATION_TYPES.map((type) => ({
      type,
      allowed: planMayUseTool(plan, type),
      requiresPlan: requiredPlansForTool(type),
    })),
  };
}

/** Credits a generation costs; the server charges exactly this and the estimator shows it. */
export function creditCost(type: GenerationType, { pairs, ...input }: PriceInput): number {
  return TOOL_DEFINITIONS[type].price(input) * Math.max(1, pairs ?? 1);
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

/** The try-ons' built-in template entry: the server picks a live template for it. */
export const RANDOM_TEMPLATE_ID = 'random';

/** Model templates one realistic try-on generation takes (one image per template). */
export const MAX_TEMPLATES_PER_RUN = 4;

/**
 * Clothes AI Photoshoot (try-on): what garment-preserving try-on models take (FASHN's category,
 * garment photo type and samples). `flat-lay` covers flat lays, mannequins and dummies; `model`
 * a garment worn by someone.
 */
export const TRY_ON_CATEGORIES = ['auto', 'tops', 'bottoms', 'one-pieces'] as const;
export type TryOnCategory = (typeof TRY_ON_CATEGORIES)[number];
export const GARMENT_PHOTO_TYPES = ['auto', 'flat-lay', 'model'] as const;
export type GarmentPhotoType = (typeof GARMENT_PHOTO_TYPES)[number];
/** Images one try-on pair makes. */
export const TRY_ON_IMAGES_MAX = 4;
/** A catalogue batch: every garment on every model, one generation per pair. */
export const BATCH_GARMENTS_MAX = 20;
export const BATCH_MODELS_MAX = 4;
/** Catalogues one user may have running at once (each may hold up to 80 generations). */
export const MAX_ACTIVE_BATCHES = 1;

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
/**
 * An angle set's views (ADR 064), in the order its outputs come and a listing takes them: the
 * front (the photo itself), the side and back (made by a view model), the detail (a close crop).
 */
export const ANGLE_VIEWS = ['front', 'side', 'back', 'detail'] as const;
export type AngleView = (typeof ANGLE_VIEWS)[number];
/** The views a model makes; the others are the engine's and free. */
export const GENERATED_ANGLE_VIEWS: readonly AngleView[] = ['side', 'back'];
export const ANGLE_VIEW_LABELS: Record<AngleView, string> = {
  front: 'Front',
  side: 'Side',
  back: 'Back',
  detail: 'Detail',
};
/** How many of `views` a model makes (what an angle set is priced by). */
export const generatedViewCount = (views: readonly string[]) =>
  views.filter((view) => GENERATED_ANGLE_VIEWS.some((g) => g === view)).length;
export const SCENE_STYLES = ['lifestyle', 'studio', 'outdoor', 'minimal', 'luxury'] as const;
export const EXTRACTION_TYPES = [
  'full-outfit',
  'individual-items',
  'accessories',
  'upper-body',
  'lower-body',
] as const;
export type ExtractionType = (typeof EXTRACTION_TYPES)[number];
export const ASPECT_RATIOS = ['9:16', '16:9', '1:1'] as const;
/** The canvas editor's tools (document 2 §2), in its selector's order. */
export const CANVAS_TOOLS = [
  'video-generation',
  'upscaler',
  'background-removal',
] as const satisfies readonly GenerationType[];
export const PRODUCT_IMAGES_MIN = 1;
export const PRODUCT_IMAGES_MAX = 5;
