import type { SlotRules } from '@studio/contract/listing';
import type { UpscaleFactor } from '@studio/contract/tools';
import sharp from 'sharp';
import { withImageDecode } from '../images/process-image';
import { jpegOptionsFor } from '../images/jpeg-encoder';
import type { Segmenter } from './garment-mask';
import {
  backgroundPurity,
  measureListing,
  type FramePlan,
  type ImageFacts,
  type ProductMask,
} from './listing-check';
import { ENGINE_INPUT_PIXEL_LIMIT, orientedImage, type EngineImage } from './shared';
import { upscaleImage } from './upscale';

/*
 * What a listing check finds fixable, fixed offline (issue 33, ADR 057), in this order: the
 * product's mask (the check's own), the product composited with a soft edge onto the rule's
 * background colour, the frame cropped or padded to the aspect with the product centred at the
 * fill aimed for, the size scaled into the pixel rules (enlarged by the project's upscaler, at most
 * 4×), and the file encoded as sRGB JPEG (PNG where JPEG is not taken) within the file-size rule.
 */

export interface ListingFixOptions {
  segmenter?: Segmenter;
  /** The enlarging step: the project's upscaler unless a test stands in. */
  upscale?: (data: Buffer, factor: UpscaleFactor) => Promise<EngineImage<string>>;
}

export type FixedListingImage = EngineImage<'image/jpeg' | 'image/png'>;

/** JPEG qualities tried in turn until the file is under the size cap. */
const QUALITIES = [92, 85, 78, 70, 60] as const;
/** …and over the size floor (Myntra's 500 KB), with full-resolution colour. */
const RAISED_QUALITIES = [95, 98, 100] as const;
/** Each step down in pixels when even the lowest quality is over the cap. */
const SHRINK_STEP = 0.85;
/**
 * Bytes kept free under a marketplace's file-size cap for the XMP packet and C2PA manifest every
 * stored output gets (about 5 KB with the development chain; a production chain of three
 * certificates adds a few more).
 */
export const CREDENTIALS_ALLOWANCE = 32 * 1024;
/** Sigma (output pixels) of the blur that softens the product's edge. */
const EDGE_SOFTNESS = 0.7;

/** The image fixed for the slot: see the file's comment for the steps. */
export async function fixListingImage(
  image: Buffer,
  rules: SlotRules,
  options: ListingFixOptions = {},
): Promise<FixedListingImage> {
  const { facts, found, plan } = await measureListing(image, rules, options.segmenter);
  const replace =
    rules.background !== undefined &&
    found?.box != null &&
    backgroundPurity(found, rules.background).share < rules.background.share;
  const scaled = plan.width !== facts.width || plan.height !== facts.height;
  if (!replace && !plan.reframed && !scaled && keepsFile(facts, rules)) {
    const contentType = facts.format === 'png' ? 'image/png' : 'image/jpeg';
    return { data: image, contentType, width: facts.width, height: facts.height };
  }
  // Padding continues the picture's own backdrop unless the background is replaced.
  const backdrop =
    (replace ? rules.background?.rgb : undefined) ??
    found?.backdrop ??
    rules.background?.rgb ??
    (await borderColour(image, facts.hasAlpha));
  const pixels = await render(image, facts, plan, {
    backdrop,
    matte: replace ? found : null,
    upscale: options.upscale ?? upscaleImage,
  });
  return encode(pixels, plan.width, plan.height, rules);
}

/** The file may stay as it is: a type, colour space and size the slot takes, upright. */
function keepsFile(facts: ImageFacts, rules: SlotRules): boolean {
  const typeOk =
    (facts.format === 'jpeg' || facts.format === 'png') &&
    (rules.format.formats as readonly string[]).includes(facts.format);
  const sizeOk =
    facts.bytes >= (rules.fileSize?.minBytes ?? 0) &&
    facts.bytes <= (rules.fileSize?.maxBytes ?? Infinity);
  return typeOk && (facts.srgb || facts.grey) && sizeOk && !facts.oriented;
}

/** Mean colour of the image's border, what padding extends a photo with when no rule says. */
async function borderColour(image: Buffer, hasAlpha: boolean): Promise<[number, number, number]> {
  const { data, info } = await orientedImage(image)
    .resize(64, 64, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (hasAlpha) return [255, 255, 255];
  const sums = [0, 0, 0];
  let count = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (x > 0 && y > 0 && x < info.width - 1 && y < info.height - 1) continue;
      count++;
      for (let c = 0; c < 3; c++)
        sums[c] = (sums[c] ?? 0) + (data[(y * info.width + x) * 3 + c] ?? 0);
    }
  }
  return [0, 1, 2].map((c) => Math.round((sums[c] ?? 0) / count)) as [number, number, number];
}

interface RenderOptions {
  backdrop: readonly [number, number, number];
  /** The product's mask when the background is replaced; null keeps the picture's own. */
  matte: ProductMask | null;
  upscale: NonNullable<ListingFixOptions['upscale']>;
}

/**
 * The output's RGB pixels: the image scaled as the plan says (through the upscaler when it
 * enlarges), the part inside the new frame placed on a canvas of the backdrop colour, and, when
 * the background is replaced, only the product kept, through its softened mask.
 */
async function render(
  image: Buffer,
  facts: ImageFacts,
  plan: FramePlan,
  options: RenderOptions,
): Promise<Buffer> {
  const { canvas, width, height } = plan;
  const kx = width / canvas.width;
  const ky = height / canvas.height;
  // The whole image at the output's scale, and the part of it the frame holds.
  const fullWidth = Math.max(1, Math.round(facts.width * kx));
  const fullHeight = Math.max(1, Math.round(facts.height * ky));
  const left = Math.round(canvas.left * kx);
  const top = Math.round(canvas.top * ky);
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const region = {
    left: x0,
    top: y0,
    width: Math.max(1, Math.min(fullWidth, left + width) - x0),
    height: Math.max(1, Math.min(fullHeight, top + height) - y0),
  };
  const enlarge = Math.max(kx, ky) > 1.001;
  const source = enlarge ? (await options.upscale(image, kx <= 2 ? '2x' : '4x')).data : image;
  const scaledPart = (input: Buffer) =>
    sharp(input, { autoOrient: true, limitInputPixels: ENGINE_INPUT_PIXEL_LIMIT })
      .resize(fullWidth, fullHeight, { fit: 'fill' })
      .extract(region);
  const rgba = await withImageDecode(() =>
    scaledPart(source).toColourspace('srgb').ensureAlpha().raw().toBuffer(),
  );
  // The upscaler's JPEG has lost the transparency: it comes from the original.
  const alpha =
    enlarge && facts.hasAlpha
      ? await scaledPart(image).ensureAlpha().extractChannel(3).raw().toBuffer()
      : null;
  const matte = options.matte && (await softMatte(options.matte, fullWidth, fullHeight, region));
  const out = Buffer.alloc(width * height * 3);
  const [br, bg, bb] = options.backdrop;
  for (let i = 0; i < width * height; i++) {
    out[i * 3] = br;
    out[i * 3 + 1] = bg;
    out[i * 3 + 2] = bb;
  }
  const dx = x0 - left;
  const dy = y0 - top;
  for (let y = 0; y < region.height && y + dy < height; y++) {
    for (let x = 0; x < region.width && x + dx < width; x++) {
      const i = y * region.width + x;
      const o = ((y + dy) * width + x + dx) * 3;
      const a =
        ((alpha ? (alpha[i] ?? 255) : (rgba[i * 4 + 3] ?? 255)) * (matte ? (matte[i] ?? 0) : 255)) /
        65025;
      if (a <= 0) continue;
      out[o] = br + ((rgba[i * 4] ?? 0) - br) * a;
      out[o + 1] = bg + ((rgba[i * 4 + 1] ?? 0) - bg) * a;
      out[o + 2] = bb + ((rgba[i * 4 + 2] ?? 0) - bb) * a;
    }
  }
  return out;
}

/** The product's alpha at the output's scale, over `region`, its edge softened. */
async function softMatte(
  found: ProductMask,
  fullWidth: number,
  fullHeight: number,
  region: { left: number; top: number; width: number; height: number },
): Promise<Buffer> {
  // Mitchell, not Lanczos: Lanczos rings around the hard edges of a mask.
  return sharp(Buffer.from(found.alpha), {
    raw: { width: found.width, height: found.height, channels: 1 },
  })
    .resize(fullWidth, fullHeight, { fit: 'fill', kernel: 'mitchell' })
    .extract(region)
    .blur(EDGE_SOFTNESS)
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * The file: JPEG (untagged, so sRGB) where the slot takes JPEG, else PNG. Over the size cap, the
 * quality steps down, then the pixels (never under the pixel rules' minimum); under the size floor
 * the quality steps up, with full-resolution colour, and stops at 100: a picture with little detail
 * may still be under it (Myntra's 500 KB), which the check on the output then names. Padding the
 * file or enlarging the picture for bytes alone would meet the number and not what it asks for.
 */
async function encode(
  rgb: Buffer,
  width: number,
  height: number,
  rules: SlotRules,
): Promise<FixedListingImage> {
  const raw = { raw: { width, height, channels: 3 as const } };
  if (!rules.format.formats.includes('jpeg')) {
    const data = await sharp(rgb, raw).png({ compressionLevel: 6 }).toBuffer();
    return { data, contentType: 'image/png', width, height };
  }
  // Room for the content credentials written into the stored file afterwards (ADR 058).
  const maxBytes = (rules.fileSize?.maxBytes ?? Infinity) - CREDENTIALS_ALLOWANCE;
  const minBytes = rules.fileSize?.minBytes ?? 0;
  const jpeg = (pixels: Buffer, w: number, h: number, quality: number, full = false) =>
    sharp(pixels, { raw: { width: w, height: h, channels: 3 } })
      .jpeg(
        full
          ? { quality, chromaSubsampling: '4:4:4', optimiseCoding: true }
          : jpegOptionsFor(w, h, quality),
      )
      .toBuffer();
  let data = await jpeg(rgb, width, height, QUALITIES[0]);
  for (const quality of QUALITIES.slice(1)) {
    if (data.length <= maxBytes) break;
    data = await jpeg(rgb, width, height, quality);
  }
  for (const quality of RAISED_QUALITIES) {
    if (data.length >= minBytes) break;
    data = await jpeg(rgb, width, height, quality, true);
  }
  let [w, h] = [width, height];
  const least = leastSize(rules, width / height);
  while (
    data.length > maxBytes &&
    w * SHRINK_STEP >= least.width &&
    h * SHRINK_STEP >= least.height
  ) {
    w = Math.round(w * SHRINK_STEP);
    h = Math.round(w / (width / height));
    const smaller = await sharp(rgb, raw).resize(w, h, { fit: 'fill' }).raw().toBuffer();
    data = await jpeg(smaller, w, h, QUALITIES.at(-1) ?? 60);
  }
  return { data, contentType: 'image/jpeg', width: w, height: h };
}

/** The smallest size the pixel rules allow at this ratio. */
function leastSize(rules: SlotRules, ratio: number) {
  const pixels = rules.pixels;
  const long = pixels?.minLongSide ?? 0;
  const width = Math.max(pixels?.minWidth ?? 0, ratio >= 1 ? long : long * ratio);
  const height = Math.max(pixels?.minHeight ?? 0, ratio >= 1 ? long / ratio : long);
  return { width: Math.max(width, height * ratio), height: Math.max(height, width / ratio) };
}
