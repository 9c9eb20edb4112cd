import sharp from 'sharp';
import {
  LISTING_SLOT_LABELS,
  VIDEO_RESOLUTIONS,
  marketplace,
  slotRules,
  type ListingSlot,
  type MarketplaceId,
} from '@studio/contract';
import {
  PALETTES,
  aspectSize,
  checkListingImage,
  colourwayInThread,
  composeProductScene,
  fixListingImage,
  fitToAspect,
  motionForTemplate,
  designPaletteInThread,
  removeBackground,
  renderMotionVideo,
  renderLabelledPreview,
  upscaleImage,
} from '../engine';
import {
  ProviderError,
  runJob,
  type Capability,
  type GenerationJob,
  type GenerationProvider,
  type InputImage,
  type ProviderContext,
  type ProviderResult,
  type ListingImageCheck,
  type ToolHandlers,
} from './types';
import type { AspectRatio } from '../engine';
import type { Colourway } from '../engine/colourway';
import type { Segmenter } from '../engine/garment-mask';
import { segmentForeground } from '../engine/background-removal';
import { angleSet, previewViews } from './angle-set-views';

/*
 * The built-in offline engine (ARCHITECTURE §6). Real work where no model is needed: upscaling,
 * background removal (a segmentation model shipped in an npm package), product scenes composited
 * from the cut-out, palette recolouring and layered-motion video (ADR 026). Try-on, pose change and extraction
 * need a generative model: the engine makes a clearly labelled preview and says so.
 */

// Shown to the seller with the result (ADR 048): what they got, in their words, not an operator's.
const NEEDS_MODEL =
  'A labelled preview, free: this studio cannot make real results for this tool yet.';

function image(data: Buffer, contentType: string): ProviderResult['outputs'][number] {
  return { kind: 'image', data, contentType };
}

/** Runs steps in order, reporting progress after each (the local engine has no queue). */
async function steps<T>(ctx: ProviderContext, count: number, step: (i: number) => Promise<T>) {
  const results: T[] = [];
  for (let i = 0; i < count; i++) {
    ctx.signal.throwIfAborted();
    results.push(await step(i));
    ctx.onProgress({ progress: ((i + 1) / count) * 100 });
  }
  return results;
}

/** Long side of a labelled preview drawn at a tool's aspect ratio (the default one is 768 × 1152). */
const PREVIEW_LONG_EDGE = 1152;

async function preview(
  inputs: InputImage[],
  title: string,
  count: number,
  ctx: ProviderContext,
  /** The tool's aspect-ratio setting: the preview has the shape the result would have. */
  aspectRatio?: AspectRatio,
) {
  const buffers = await Promise.all(inputs.map((i) => i.load()));
  const size = aspectRatio ? aspectSize(aspectRatio, PREVIEW_LONG_EDGE) : {};
  const outputs = await steps(ctx, count, async (variant) => {
    const rendered = await renderLabelledPreview(buffers, {
      title,
      note: NEEDS_MODEL,
      variant,
      ...size,
    });
    return image(rendered.data, rendered.contentType);
  });
  return { outputs, previewNote: NEEDS_MODEL, labelledPreview: true as const };
}

/** A short motion prompt from the image's dominant colour (no vision model offline). */
async function describe(data: Buffer): Promise<string> {
  const { dominant } = await sharp(data).stats();
  const { r, g, b } = dominant;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  let colour = 'neutral-toned';
  if (max - min > 40) {
    if (max === r) colour = g > b ? 'warm golden' : 'rich red';
    else if (max === g) colour = 'fresh green';
    else colour = 'cool blue';
  } else if (max > 200) colour = 'bright white';
  else if (max < 60) colour = 'deep black';
  return `model showing off the ${colour} outfit to camera, slow turn, soft studio light, gentle camera push-in`;
}

/** A named palette or a hex list the engine knows; anything else (free text) means auto. */
function paletteOf(requested: string): string {
  const name = requested.trim().toLowerCase();
  if (name in PALETTES) return name;
  return /^(#[0-9a-f]{6}[\s,]*)+$/i.test(name) ? name : 'auto';
}

/** Engine failures are about the input (e.g. no garment found): say so, without a retry. */
async function engine<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    // The cause (an encoder's stderr, a path) is logged by the runner, never shown to the user.
    throw new ProviderError('The image could not be processed. Try a different photo.', false, {
      cause: error,
    });
  }
}

/**
 * What a listing image still lacks after its fix, in the seller's words (ADR 057): every measured
 * rule that still fails, and every rule about what the picture shows, which no measurement decides.
 * Named, never hidden.
 */
export function listingNote(
  id: MarketplaceId,
  slot: ListingSlot,
  check: ListingImageCheck,
): string {
  const where = `${marketplace(id).name} (${LISTING_SLOT_LABELS[slot].toLowerCase()})`;
  const failed = check.checks.filter((c) => !c.passed);
  const required = failed.filter((c) => c.level === 'required').map((c) => c.message);
  const advised = failed.filter((c) => c.level === 'recommended').map((c) => c.message);
  const sentences = [
    check.compliant
      ? `Prepared for ${where}: every rule the studio can measure passes.`
      : `Prepared for ${where}, but it still fails: ${required.join(' ')}`,
    advised.length > 0 ? `Advised: ${advised.join(' ')}` : '',
    check.notChecked.length > 0
      ? `Check this yourself: ${check.notChecked.map((rule) => rule.message).join(' ')}`
      : '',
  ];
  return sentences.filter(Boolean).join(' ');
}

/**
 * Listing prepare: the image fixed offline for the marketplace's slot, then checked again. The
 * runner stores these very bytes (not re-encoded), so the check is the stored image's.
 */
async function prepareListing(
  job: GenerationJob<'listing-prepare'>,
  ctx: ProviderContext,
  segmenter: Segmenter | undefined,
): Promise<ProviderResult> {
  const { marketplace: id, slot } = job.settings;
  const rules = slotRules(id, slot);
  if (!rules) throw new ProviderError(`${marketplace(id).name} has no ${slot} image`, false);
  const options = segmenter ? { segmenter } : {};
  const source = await job.image.load();
  const fixed = await engine(() => fixListingImage(source, rules, options));
  ctx.onProgress({ progress: 60 });
  const result = await engine(() => checkListingImage(fixed.data, rules, options));
  ctx.onProgress({ progress: 100 });
  return {
    outputs: [{ ...image(fixed.data, fixed.contentType), exact: true }],
    previewNote: listingNote(id, slot, result),
    listingCheck: { marketplace: id, slot, result },
  };
}

/** What a colourway's output measured (ADR 063): kept with its generation, pass or fail. */
export type ColourwayMeasured = (
  generationId: string,
  measure: Colourway['measure'],
) => Promise<void>;

/** The engine's NoGarmentFound, as its message crosses from the engine thread. */
const NO_GARMENT = 'No garment was found in the image.';

/**
 * One colourway variant: the garment recoloured on the engine thread and measured there on the
 * encoded output. A miss fails the generation (refunded) with the measure's reason; the output is
 * stored byte for byte, so the stored pixels are the ones measured.
 */
async function colourway(
  job: GenerationJob<'colourways'>,
  ctx: ProviderContext,
  measured: ColourwayMeasured | undefined,
): Promise<ProviderResult> {
  const input = await job.image.load();
  ctx.signal.throwIfAborted();
  const made = await colourwayInThread(
    input,
    { part: job.settings.category, worn: 'auto' },
    job.settings.variant.colour,
  ).catch((error: unknown) => {
    if (error instanceof Error && error.message === NO_GARMENT) {
      throw new ProviderError(
        'No garment was found in this photo. Try a photo where the garment stands out from its background.',
        false,
        { cause: error },
      );
    }
    throw new ProviderError('The image could not be processed. Try a different photo.', false, {
      cause: error,
    });
  });
  ctx.onProgress({ progress: 100 });
  if (ctx.generationId && measured) await measured(ctx.generationId, made.measure);
  if (!made.measure.passed) {
    throw new ProviderError(
      made.measure.reason ?? 'The garment did not come out in this colour.',
      false,
    );
  }
  return { outputs: [{ ...image(made.data, made.contentType), exact: true }] };
}

/** What the engine does per tool: real work, or a labelled preview where a model is needed. */
const TOOLS: Omit<ToolHandlers, 'listing-prepare' | 'colourways' | 'angle-set'> = {
  async upscaler(job, ctx) {
    const source = await job.image.load();
    const out = await engine(() => upscaleImage(source, job.settings.upscaleFactor));
    ctx.onProgress({ progress: 100 });
    return { outputs: [image(out.data, out.contentType)] };
  },

  async 'background-removal'(job, ctx) {
    const input = await job.image.load();
    const out = await engine(() => removeBackground(input));
    ctx.onProgress({ progress: 100 });
    return { outputs: [image(out.data, out.contentType)] };
  },

  async photoshoot(job, ctx) {
    const product = await job.product.load();
    const cutout = await engine(() => removeBackground(product));
    ctx.onProgress({ progress: 40 });
    const outputs = await steps(ctx, job.settings.numImages, async (variant) => {
      const scene = await engine(() =>
        composeProductScene(cutout.data, { sceneStyle: job.settings.sceneStyle, variant }),
      );
      return image(scene.data, scene.contentType);
    });
    return {
      outputs,
      previewNote:
        'Made by the offline engine: your product cut out and composited onto a rendered scene. Your prompt is not used in this studio yet.',
    };
  },

  async 'ai-designer'(job, ctx) {
    const garment = await job.garment.load();
    const outputs = await steps(ctx, job.settings.numImages, async (variant) => {
      const palette = paletteOf(job.settings.colorPalette);
      const out = await engine(() => designPaletteInThread(garment, palette, variant));
      // The garment photo's own shape is not the design's: the design has the ratio asked for.
      const shaped = await engine(() => fitToAspect(out.data, job.settings.aspectRatio));
      return image(shaped.data, shaped.contentType);
    });
    return {
      outputs,
      previewNote:
        'Made by the offline engine: colour-palette variations of your garment. New designs from a prompt are not available in this studio yet.',
    };
  },

  async 'video-generation'(job, ctx) {
    const still = await job.image.load();
    const out = await engine(() =>
      renderMotionVideo(still, {
        durationSeconds: job.settings.duration === 10 ? 10 : 5,
        resolution: VIDEO_RESOLUTIONS[job.settings.mode],
        motion: motionForTemplate(job.settings.templateId),
        signal: ctx.signal,
        onProgress: (fraction) => {
          ctx.onProgress({ progress: fraction * 100 });
        },
      }),
    );
    return {
      outputs: [{ kind: 'video', data: out.data, contentType: out.contentType }],
      previewNote:
        'Made by the offline engine: your image cut into subject and background and moved as layers (a 2D motion preview). Real model movement needs a video model (fal).',
    };
  },

  'try-on': (job, ctx) =>
    preview([job.garment, job.model], 'Virtual try-on', job.settings.numImages, ctx),
  'realistic-try-on': (job, ctx) =>
    preview(
      [job.garment, ...job.templates.map((t) => t.image)],
      'Advanced try-on',
      job.settings.numImages * job.templates.length,
      ctx,
      job.settings.aspectRatio,
    ),
  'ai-poses': (job, ctx) =>
    preview(
      job.poseImage ? [job.model, job.poseImage] : [job.model],
      'Pose change',
      job.settings.numImages,
      ctx,
      job.settings.aspectRatio,
    ),
  'fashion-extractor': (job, ctx) =>
    preview([job.image], 'Fashion extraction', job.settings.numImages, ctx),
};

export interface LocalProviderOptions {
  /** Finds the product for the listing check and fix; default: the engine's segmentation model. */
  segmenter?: Segmenter | undefined;
  /** Keeps what a colourway's output measured with its generation (the colourways module). */
  colourwayMeasured?: ColourwayMeasured | undefined;
}

export function createLocalProvider(options: LocalProviderOptions = {}): GenerationProvider {
  const real: Capability[] = [
    'upscale',
    'remove-background',
    'photoshoot',
    'design',
    'video',
    'listing',
    'colourway',
  ];
  const handlers: ToolHandlers = {
    ...TOOLS,
    'listing-prepare': (job, ctx) => prepareListing(job, ctx, options.segmenter),
    colourways: (job, ctx) => colourway(job, ctx, options.colourwayMeasured),
    // The front and detail are real engine work; the side and back labelled previews (ADR 064).
    'angle-set': (job, ctx) =>
      angleSet(job, ctx, options.segmenter ?? segmentForeground, previewViews),
  };
  // These need a generative model: the engine renders a labelled preview of the inputs instead.
  const previews: Capability[] = ['try-on', 'pose', 'extract', 'view-change'];
  return {
    name: 'local',
    capabilities: () => real,
    previews: () => previews,
    run: (job, ctx) => runJob(handlers, job, ctx),
    async prompt(input) {
      return { prompt: await describe(await input.load()), preview: true };
    },
  };
}
