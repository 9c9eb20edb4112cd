import {
  ANGLE_VIEW_LABELS,
  GENERATED_ANGLE_VIEWS,
  LISTING_SLOT_LABELS,
  angleViewSlot,
  type AngleView,
} from '@studio/contract';
import { renderLabelledPreview, upscaleImage } from '../engine';
import { garmentMask, type Segmenter } from '../engine/garment-mask';
import { orientedImage, orientedSize } from '../engine/shared';
import {
  ProviderError,
  type GenerationJob,
  type ProviderContext,
  type ProviderResult,
  type TaggedOutput,
} from './types';

/*
 * An angle set's views (ADR 064), shared by the offline engine and fal: the front is the photo
 * itself, the detail a close crop of its garment upscaled, both made on the engine whatever the
 * provider; the side and back are a view model's (fal) or labelled previews (offline). The outputs
 * come in the set's order (front, side, back, detail), each tagged with its view.
 */

type AngleSetJob = GenerationJob<'angle-set'>;

/** The views a job asks a model (or a preview) for, in the set's order. */
export const generatedViewsOf = (job: AngleSetJob): AngleView[] =>
  job.settings.views.filter((view) => GENERATED_ANGLE_VIEWS.includes(view));

/** The side and back made elsewhere: one output per generated view, in `generatedViewsOf` order. */
export type MakeGeneratedViews = (
  job: AngleSetJob,
  ctx: ProviderContext,
) => Promise<ProviderResult>;

/** The crop's side as a share of the garment's shorter side: a close-up of the fabric and print. */
const DETAIL_SHARE = 0.45;
/** Placements tried along each axis of the garment's bounding box. */
const DETAIL_STEPS = 5;
/** A window must be this much garment to count as a close-up of it. */
const DETAIL_MIN_COVERAGE = 0.85;
/** A crop smaller than this long edge is enlarged 4×, else 2× (marketplaces want 1,000 px or more). */
const DETAIL_4X_BELOW = 800;

interface Window {
  left: number;
  top: number;
  side: number;
}

/**
 * Where on the garment the detail is cut (at the mask's scale): of the square windows that are
 * nearly all garment, the busiest (most lightness variance: the print, the weave, a seam); the most
 * covered one when none is. Null when no garment was found.
 */
export function detailWindow(mask: {
  width: number;
  height: number;
  lab: Float32Array;
  mask: Uint8Array;
}): Window | null {
  const { width, height } = mask;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mask.mask[y * width + x] !== 1) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  if (maxX < 0) return null;
  const side = Math.max(8, Math.round(DETAIL_SHARE * Math.min(maxX - minX + 1, maxY - minY + 1)));
  let best: { window: Window; coverage: number; variance: number } | null = null;
  for (let i = 0; i < DETAIL_STEPS; i++) {
    for (let j = 0; j < DETAIL_STEPS; j++) {
      const left = Math.min(
        width - side,
        Math.max(0, Math.round(minX + ((maxX - minX + 1 - side) * i) / (DETAIL_STEPS - 1))),
      );
      const top = Math.min(
        height - side,
        Math.max(0, Math.round(minY + ((maxY - minY + 1 - side) * j) / (DETAIL_STEPS - 1))),
      );
      let inside = 0;
      let sum = 0;
      let squares = 0;
      for (let y = top; y < top + side; y++) {
        for (let x = left; x < left + side; x++) {
          const at = y * width + x;
          if (mask.mask[at] !== 1) continue;
          const lightness = mask.lab[at * 3] ?? 0;
          inside++;
          sum += lightness;
          squares += lightness * lightness;
        }
      }
      const coverage = inside / (side * side);
      const variance = inside > 0 ? squares / inside - (sum / inside) ** 2 : 0;
      const better =
        best === null ||
        (coverage >= DETAIL_MIN_COVERAGE
          ? best.coverage < DETAIL_MIN_COVERAGE || variance > best.variance
          : best.coverage < DETAIL_MIN_COVERAGE && coverage > best.coverage);
      if (better) best = { window: { left, top, side }, coverage, variance };
    }
  }
  return best?.window ?? null;
}

/** The front: the photo itself, its orientation applied (the runner re-encodes what it stores). */
export async function frontView(input: Buffer): Promise<TaggedOutput> {
  const data = await orientedImage(input).toColourspace('srgb').jpeg({ quality: 92 }).toBuffer();
  return { kind: 'image', data, contentType: 'image/jpeg', view: 'front' };
}

/**
 * The detail: the busiest part of the garment (the engine's garment mask, as colourways find it),
 * cut from the photo and upscaled. A photo whose garment cannot be found gives its middle third.
 */
export async function detailView(
  input: Buffer,
  part: AngleSetJob['settings']['category'],
  segmenter: Segmenter,
): Promise<TaggedOutput> {
  const size = await orientedSize(input);
  const found = await garmentMask(input, segmenter, { part, worn: 'auto' }).catch(() => null);
  const window = found ? detailWindow(found) : null;
  const scale = found ? size.width / found.width : 1;
  const middle = Math.round(Math.min(size.width, size.height) / 3);
  const region = window
    ? {
        left: Math.round(window.left * scale),
        top: Math.round(window.top * scale),
        side: Math.round(window.side * scale),
      }
    : {
        left: Math.round((size.width - middle) / 2),
        top: Math.round((size.height - middle) / 2),
        side: middle,
      };
  const side = Math.max(
    1,
    Math.min(region.side, size.width - region.left, size.height - region.top),
  );
  const crop = await orientedImage(input)
    .extract({ left: region.left, top: region.top, width: side, height: side })
    .png()
    .toBuffer();
  const upscaled = await upscaleImage(crop, side < DETAIL_4X_BELOW ? '4x' : '2x');
  return { kind: 'image', data: upscaled.data, contentType: upscaled.contentType, view: 'detail' };
}

/** Long side of an offline view's labelled preview, drawn at the photo's own shape. */
const PREVIEW_LONG_EDGE = 1152;

export const ANGLE_PREVIEW_NOTE = (view: AngleView) =>
  `Preview: ${view} view — made offline, not by the view model. A labelled preview, free.`;

/** What an offline set says with its result (ADR 048: the seller's words). */
export const OFFLINE_ANGLE_SET_NOTE =
  'The front is your photo and the detail a close crop of its garment, made by the offline engine. The side and back are labelled previews, free: this studio cannot turn the camera without a view model yet.';

/** The side and back offline: labelled previews at the photo's shape, one per view. */
export const previewViews: MakeGeneratedViews = async (job, ctx) => {
  const photo = await job.image.load();
  const inputs = job.garment ? [photo, await job.garment.load()] : [photo];
  const size = await orientedSize(photo);
  const scale = PREVIEW_LONG_EDGE / Math.max(size.width, size.height);
  const outputs: TaggedOutput[] = [];
  for (const [variant, view] of generatedViewsOf(job).entries()) {
    ctx.signal.throwIfAborted();
    const slot = LISTING_SLOT_LABELS[angleViewSlot(view, job.settings.marketplace)];
    const rendered = await renderLabelledPreview(inputs, {
      title: `Angle set · ${ANGLE_VIEW_LABELS[view]} view (${slot})`,
      note: ANGLE_PREVIEW_NOTE(view),
      variant,
      width: Math.round(size.width * scale),
      height: Math.round(size.height * scale),
    });
    outputs.push({ kind: 'image', data: rendered.data, contentType: rendered.contentType });
  }
  return { outputs, previewNote: OFFLINE_ANGLE_SET_NOTE, labelledPreview: true };
};

/**
 * The whole set: the generated views from `generated` (skipped when the set has none), the front
 * and detail on the engine, in the set's order, each output tagged with its view.
 */
export async function angleSet(
  job: AngleSetJob,
  ctx: ProviderContext,
  segmenter: Segmenter,
  generated: MakeGeneratedViews,
): Promise<ProviderResult> {
  const { views, category } = job.settings;
  const wanted = generatedViewsOf(job);
  const made: ProviderResult = wanted.length > 0 ? await generated(job, ctx) : { outputs: [] };
  if (made.outputs.length !== wanted.length) {
    throw new ProviderError('The view model returned a different number of views', false);
  }
  const photo = views.some((view) => !GENERATED_ANGLE_VIEWS.includes(view))
    ? await job.image.load()
    : null;
  const outputs: TaggedOutput[] = [];
  for (const view of views) {
    ctx.signal.throwIfAborted();
    if (GENERATED_ANGLE_VIEWS.includes(view)) {
      const output = made.outputs[wanted.indexOf(view)];
      if (output) outputs.push({ ...output, view });
    } else if (photo) {
      outputs.push(
        await engine(() =>
          view === 'front' ? frontView(photo) : detailView(photo, category, segmenter),
        ),
      );
    }
  }
  ctx.onProgress({ progress: 100 });
  return { ...made, outputs };
}

/** Engine failures are about the photo: say so, without a retry. */
async function engine<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new ProviderError('The image could not be processed. Try a different photo.', false, {
      cause: error,
    });
  }
}
