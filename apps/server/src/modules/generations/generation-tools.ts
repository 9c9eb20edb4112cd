import {
  ANGLE_SET_SEED_MAX,
  angleSetRequestSchema,
  ANGLE_VIEW_LABELS,
  backgroundRemovalRequestSchema,
  generatedViewCount,
  colourwayGenerationSettingsSchema,
  designerRequestSchema,
  extractorRequestSchema,
  listingFixRequestSchema,
  listingPrepareRequestSchema,
  LISTING_SLOT_LABELS,
  marketplace,
  slotRules,
  photoshootRequestSchema,
  posesRequestSchema,
  realisticTryOnRequestSchema,
  tryOnRequestSchema,
  upscaleRequestSchema,
  RANDOM_TEMPLATE_ID,
  TOOL_DEFINITIONS,
  videoRequestSchema,
  type ExtractionType,
  type GarmentPhotoType,
  type GenerationType,
  type Mode,
  type PriceInput,
  type TemplateItem,
} from '@studio/contract';
import type { z } from 'zod';
import { randomInt } from 'node:crypto';
import { AppError } from '../../http/errors';
import * as catalog from '../catalog/catalog.service';
import type { CatalogDeps } from '../catalog/catalog.service';
import type { GenerationJob, InputImage } from '../../platform/providers/types';
import type { CheckSpec, GarmentPart, Worn } from '../../platform/engine/garment-fidelity';

/*
 * The server's half of each tool: its payload schema, deadline, what the gallery records and how the
 * runner hands it to a provider. Its path, price rule, plans and capability are the contract's
 * (`TOOL_DEFINITIONS`); adding a tool is an entry there and one here (docs/decisions/015).
 */

export interface ToolDef<S extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  /** The settings as stored and as the runner reads them; also the route's body unless `request`. */
  schema: S;
  /**
   * The body the generate route takes when it is not the stored settings (listing prepare names
   * a generation in place of an image): its schema, and the settings it stands for.
   */
  request?: ToolRequest<B>;
  /**
   * Its generate call is its own module's, not the generic one (colourways: one call makes a
   * generation per variant, ADR 063).
   */
  ownRoute?: true;
  /** Minutes after which the sweeper fails and refunds unfinished work. */
  deadlineMinutes: number;
  /**
   * Fills in what the server decides before pricing and storing (the try-ons' 'random'
   * template becomes a real one). Runs once, before the credits are reserved.
   */
  prepare?(settings: z.output<S>, deps: CatalogDeps): Promise<z.output<S>>;
  /** The settings the contract's price rule reads (mode, images, templates, duration, factor). */
  price(settings: z.output<S>): PriceInput;
  mode(settings: z.output<S>): Mode;
  prompt(settings: z.output<S>): string;
  styleName(settings: z.output<S>): string | null;
  /** What the provider runs: the tool, its settings and its input images by role. */
  job(settings: z.output<S>, input: (url: string) => InputImage): GenerationJob;
  /**
   * The input holding the garment a result must keep and what to compare, for tools whose results
   * get the garment-fidelity check (ADR 037, 055); absent (or null) where the garment may change
   * (designer), none is worn, or nothing comparable is asked for (extracted accessories).
   */
  garment?(settings: z.output<S>): FidelityReference | null;
}

/** A source generation's first image, read for its owner (another user's is 404). */
export type OwnGenerationImage = (
  id: string,
) => Promise<{ generationId: string; imageUrl: string }>;

export interface ToolRequest<B extends z.ZodType> {
  schema: B;
  /** The settings the body stands for, and the generation the new one is made from, if any. */
  settings(
    body: z.output<B>,
    ownImage: OwnGenerationImage,
  ): Promise<{ settings: unknown; madeFrom: string | null }>;
}

/** What the garment-fidelity check compares a result with (ADR 055). */
export interface FidelityReference {
  url: string;
  spec: CheckSpec;
}
/** A try-on's garment photo type as the check reads it: a flat lay is never worn. */
const PHOTO_WORN: Record<GarmentPhotoType, Worn> = { auto: 'auto', 'flat-lay': 'no', model: 'yes' };
/** The part of the source outfit each extraction asks for; accessories are not checked. */
const EXTRACTED_PART: Record<ExtractionType, GarmentPart | null> = {
  'full-outfit': 'auto',
  'individual-items': 'auto',
  accessories: null,
  'upper-body': 'tops',
  'lower-body': 'bottoms',
};

const tool = <S extends z.ZodType, B extends z.ZodType = S>(def: ToolDef<S, B>) => def;
const modeOf = (s: { mode: Mode }) => s.mode;
const first = (urls: readonly string[]) => {
  const [url] = urls;
  if (url === undefined) throw new Error('validated payload without an input image');
  return url;
};

/**
 * A video's style as the gallery keeps it: 'template 4 · 10 sec · quality', or '5 sec ·
 * performance' without a template. The canvas editor reads it back when the gallery's View
 * opens the run (template, duration and mode), so the parts and their order are fixed (ADR 024).
 */
export function videoStyleName(s: {
  templateId?: string | undefined;
  duration: number;
  mode: Mode;
}) {
  const template = s.templateId ? [`template ${s.templateId}`] : [];
  return [...template, `${String(s.duration)} sec`, s.mode].join(' · ');
}

/**
 * Live catalog templates for `count` built-in 'random' choices (document 2 §3): ones not in `taken`
 * while there are any, and no two alike, so every image of a run (or model of a catalogue) shows
 * another model. A catalogue calls it once for all its pairs.
 */
export async function pickRandomTemplates(
  deps: CatalogDeps,
  count: number,
  taken: ReadonlySet<string>,
): Promise<TemplateItem[]> {
  if (count === 0) return [];
  const live = await catalog.templates(deps);
  if (live.length === 0) {
    throw new AppError(400, 'bad_request', 'No model templates are available right now.');
  }
  const used = new Set(taken);
  const picks: TemplateItem[] = [];
  for (let i = 0; i < count; i++) {
    const fresh = live.filter((t) => !used.has(t.templateId));
    const pool = fresh.length > 0 ? fresh : live;
    const pick = pool[randomInt(pool.length)] ?? live[0];
    if (!pick) break;
    used.add(pick.templateId);
    picks.push(pick);
  }
  return picks;
}

type RealisticSettings = z.output<typeof realisticTryOnRequestSchema>;
type TryOnSettings = z.output<typeof tryOnRequestSchema>;
export type TryOnModelChoice = TryOnSettings['model'];

async function pickRealisticTemplates(settings: RealisticSettings, deps: CatalogDeps) {
  const randoms = settings.template.filter((t) => t.templateId === RANDOM_TEMPLATE_ID).length;
  if (randoms === 0) return settings;
  const picks = await pickRandomTemplates(
    deps,
    randoms,
    new Set(settings.template.map((t) => t.templateId)),
  );
  const template = settings.template.map((choice) => {
    if (choice.templateId !== RANDOM_TEMPLATE_ID) return choice;
    const pick = picks.shift();
    if (!pick) return choice;
    return { templateId: pick.templateId, templateUrl: pick.templateUrl, prompt: pick.prompt };
  });
  return { ...settings, template };
}

/** A try-on's 'random' model becomes a live template, named after it unless the user named it. */
async function pickTryOnModel(settings: TryOnSettings, deps: CatalogDeps) {
  const { model } = settings;
  if (model.kind !== 'template' || model.templateId !== RANDOM_TEMPLATE_ID) return settings;
  const [pick] = await pickRandomTemplates(deps, 1, new Set());
  if (!pick) return settings;
  return { ...settings, model: templateModel(pick, model.name) };
}

/** A catalog template as a try-on model choice. */
export function templateModel(pick: TemplateItem, name?: string): TryOnModelChoice {
  return {
    kind: 'template',
    templateId: pick.templateId,
    templateUrl: pick.templateUrl,
    name: name ?? pick.templateName,
  };
}

/** The model photo a try-on dresses: the template's image or the user's own photo. */
export function tryOnModelUrl(model: TryOnModelChoice): string {
  // `prepare` gave a template its URL; a stored job from before it cannot lack one.
  return model.kind === 'photo' ? model.imageUrl : (model.templateUrl ?? '');
}

export const TOOLS: Record<GenerationType, ToolDef> = {
  'try-on': tool({
    schema: tryOnRequestSchema,
    deadlineMinutes: 15,
    prepare: pickTryOnModel,
    // One pair; a catalogue is one generation per pair, each priced alone.
    price: (s) => ({ mode: s.mode, numImages: s.numImages }),
    mode: modeOf,
    // What the gallery's search finds: the seller's names for the garment and model, when given.
    prompt: (s) => [s.garment.name, s.model.name].filter(Boolean).join(' on '),
    styleName: (s) => (s.model.kind === 'photo' ? 'own model' : s.model.templateId),
    job: (s, input) => ({
      type: 'try-on',
      settings: s,
      garment: input(s.garment.imageUrl),
      model: input(tryOnModelUrl(s.model)),
    }),
    // The garment as sent (a flat lay, or worn when the seller says so or its skin shows it)
    // against the part of the result's outfit the category names.
    garment: (s) => ({
      url: s.garment.imageUrl,
      spec: { part: s.category, reference: PHOTO_WORN[s.garmentPhotoType], result: 'yes' },
    }),
  }),
  'realistic-try-on': tool({
    schema: realisticTryOnRequestSchema,
    deadlineMinutes: 15,
    prepare: pickRealisticTemplates,
    price: (s) => ({ mode: s.mode, numImages: s.numImages, templateCount: s.template.length }),
    mode: modeOf,
    prompt: (s) => s.prompt,
    styleName: (s) => s.template.map((t) => t.templateId).join(', '),
    job: (s, input) => ({
      type: 'realistic-try-on',
      settings: s,
      garment: input(first(s.clothing.imageUrl)),
      templates: s.template.map((t) => ({
        id: t.templateId,
        // `prepare` gave every choice a URL; a stored job from before it cannot lack one.
        image: input(t.templateUrl ?? ''),
        prompt: t.prompt ?? '',
      })),
    }),
    garment: (s) => ({
      url: first(s.clothing.imageUrl),
      spec: { part: 'auto', reference: 'auto', result: 'yes' },
    }),
  }),
  'ai-designer': tool({
    schema: designerRequestSchema,
    deadlineMinutes: 15,
    price: (s) => ({ mode: s.mode, numImages: s.numImages }),
    mode: modeOf,
    prompt: (s) => s.prompt || `${s.designTheme} ${s.clothType} design, ${s.colorPalette} palette`,
    styleName: (s) => s.style,
    job: (s, input) => ({ type: 'ai-designer', settings: s, garment: input(s.clothImage) }),
  }),
  'ai-poses': tool({
    schema: posesRequestSchema,
    deadlineMinutes: 15,
    price: (s) => ({ mode: s.mode, numImages: s.numImages }),
    mode: modeOf,
    prompt: (s) => s.prompt,
    styleName: (s) => (s.pose ? `pose ${s.pose.poseId}` : s.viewType),
    job: (s, input) => {
      const poseUrl = Array.isArray(s.pose?.imageUrl) ? s.pose.imageUrl[0] : s.pose?.imageUrl;
      return {
        type: 'ai-poses',
        settings: s,
        model: input(first(s.inputImageUrls)),
        poseImage: poseUrl ? input(poseUrl) : null,
      };
    },
    // The person's outfit, and only the outfit (not the face, skin or hair), is what a new pose
    // must keep.
    garment: (s) => ({
      url: first(s.inputImageUrls),
      spec: { part: 'auto', reference: 'yes', result: 'yes' },
    }),
  }),
  photoshoot: tool({
    schema: photoshootRequestSchema,
    deadlineMinutes: 15,
    price: (s) => ({ mode: s.mode, numImages: s.numImages }),
    mode: modeOf,
    prompt: (s) => s.prompt,
    styleName: (s) => s.sceneStyle,
    job: (s, input) => ({
      type: 'photoshoot',
      settings: s,
      product: input(first(s.inputImageUrls)),
    }),
  }),
  'fashion-extractor': tool({
    schema: extractorRequestSchema,
    deadlineMinutes: 15,
    price: (s) => ({ mode: s.mode, numImages: s.numImages }),
    mode: modeOf,
    prompt: (s) => s.prompt,
    styleName: (s) => s.extractionType,
    job: (s, input) => ({
      type: 'fashion-extractor',
      settings: s,
      image: input(first(s.inputImageUrls)),
    }),
    // The extracted garment against the part of the worn outfit it was asked for.
    garment: (s) => {
      const part = EXTRACTED_PART[s.extractionType];
      return part
        ? { url: first(s.inputImageUrls), spec: { part, reference: 'yes', result: 'no' } }
        : null;
    },
  }),
  'video-generation': tool({
    schema: videoRequestSchema,
    deadlineMinutes: 30,
    price: (s) => ({ mode: s.mode, durationSeconds: s.duration }),
    mode: modeOf,
    prompt: (s) => s.prompt,
    // What the gallery's View hands back to the canvas editor to set it up again (ADR 024).
    styleName: (s) => videoStyleName(s),
    job: (s, input) => ({
      type: 'video-generation',
      settings: s,
      image: input(first(s.inputImageUrls)),
    }),
  }),
  upscaler: tool({
    schema: upscaleRequestSchema,
    deadlineMinutes: 10,
    price: (s) => ({ upscaleFactor: s.upscaleFactor }),
    mode: () => 'performance',
    prompt: (s) => `Upscale ${s.upscaleFactor}`,
    styleName: (s) => s.method,
    job: (s, input) => ({ type: 'upscaler', settings: s, image: input(s.imageUrl) }),
  }),
  'background-removal': tool({
    schema: backgroundRemovalRequestSchema,
    deadlineMinutes: 10,
    price: () => ({}),
    mode: () => 'performance',
    prompt: () => 'Background removal',
    styleName: () => null,
    job: (s, input) => ({ type: 'background-removal', settings: s, image: input(s.imageUrl) }),
  }),
  'listing-prepare': tool({
    schema: listingFixRequestSchema,
    // `{ generationId }` names the caller's own generation: its first image is fixed, and the new
    // generation is made from it (ADR 057).
    request: {
      schema: listingPrepareRequestSchema,
      async settings({ generationId, imageUrl, ...rest }, ownImage) {
        if (generationId === undefined) return { settings: { ...rest, imageUrl }, madeFrom: null };
        const source = await ownImage(generationId);
        return { settings: { ...rest, imageUrl: source.imageUrl }, madeFrom: source.generationId };
      },
    },
    deadlineMinutes: 10,
    prepare: async (s) => {
      if (!slotRules(s.marketplace, s.slot)) {
        const name = marketplace(s.marketplace).name;
        throw new AppError(400, 'validation_failed', `${name} has no ${s.slot} image.`);
      }
      return s;
    },
    price: () => ({}),
    mode: () => 'performance',
    // What the gallery's search finds and its card shows: 'Amazon main image'.
    prompt: (s) =>
      `${marketplace(s.marketplace).name} ${LISTING_SLOT_LABELS[s.slot].toLowerCase()}`,
    styleName: (s) => `${s.marketplace} ${s.slot}`,
    job: (s, input) => ({ type: 'listing-prepare', settings: s, image: input(s.imageUrl) }),
  }),
  // One variant of a colourway set (ADR 063): `POST /colourways/generate` makes one per variant.
  colourways: tool({
    schema: colourwayGenerationSettingsSchema,
    ownRoute: true,
    deadlineMinutes: 10,
    price: () => ({}),
    mode: () => 'performance',
    // What the gallery's search finds and its card shows: the SKU or colour name, and the hex.
    prompt: (s) => s.variant.name,
    styleName: (s) => s.variant.colour,
    job: (s, input) => ({ type: 'colourways', settings: s, image: input(s.imageUrl) }),
  }),
  // One generation with an output per view (ADR 064); the side and back are priced.
  'angle-set': tool({
    schema: angleSetRequestSchema,
    deadlineMinutes: 15,
    // One seed for the set, chosen once and stored: a retry or a regeneration repeats it.
    prepare: async (s) =>
      s.seed === undefined ? { ...s, seed: randomInt(ANGLE_SET_SEED_MAX) } : s,
    price: (s) => ({ mode: s.mode, generatedViews: generatedViewCount(s.views) }),
    mode: modeOf,
    // What the gallery's card and search show: 'Front, Side, Back, Detail'.
    prompt: (s) => s.views.map((view) => ANGLE_VIEW_LABELS[view]).join(', '),
    styleName: (s) => s.category,
    job: (s, input) => ({
      type: 'angle-set',
      settings: s,
      image: input(s.imageUrl),
      garment: s.garmentImageUrl ? input(s.garmentImageUrl) : null,
    }),
    // No garment check yet (ADR 064): its verdict needs the structure score, which a true side or
    // back view fails (a print turned away or not in view), and a back copying the front's print
    // needs the inverted test the research describes. The front and detail are the photo's own.
  }),
};

/** A tool's generate path, from the contract. */
export const toolPath = (type: GenerationType) => TOOL_DEFINITIONS[type].path;
