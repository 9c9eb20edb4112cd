import {
  IMAGE_FORMAT_LABELS,
  KIB,
  MIB,
  type AspectRule,
  type BackgroundRule,
  type ColourRule,
  type FileSizeRule,
  type FillRule,
  type FormatRule,
  type ImageFormat,
  type PixelRule,
  type RuleLevel,
  type SlotRules,
} from '@studio/contract/listing';
import type { ListingCheckItem, ListingContentRule } from '@studio/contract/responses';
import sharp from 'sharp';
import { withImageDecode } from '../images/process-image';
import { segmentForeground } from './background-removal';
import { dilate, erode, type Segmenter } from './garment-mask';
import { ENGINE_INPUT_PIXEL_LIMIT, orientedImage } from './shared';
import { UPSCALE_MAX_EDGE, UPSCALE_MAX_PIXELS } from './upscale';
import { resizeMask } from './video-layers';

/*
 * A listing image against one marketplace slot's rules (issue 33, ADR 057): the technical rules
 * (type, size in pixels, aspect, colour profile, file size) from the file's header alone, the
 * picture's rules (background, fill) from the product's mask at ≤ 1024 px. The mask comes from the
 * backdrop when the border is a plain one (keyed by colour, flooded from the border), else from the
 * engine's segmentation model. `listing-fix.ts` uses the same mask and the same frame plan, so what
 * the check calls fixable is what the fix does.
 */

/** Long edge the pixel rules are measured at. */
export const LISTING_WORK_EDGE = 1024;
/** The most the fix enlarges an image (the project's upscaler at 4×); beyond it, a new original. */
export const MAX_UPSCALE = 4;

/** A plain backdrop: this share of the border lies within BORDER_NEAR of its dominant colour. */
const PLAIN_BORDER_SHARE = 0.75;
/** Largest channel difference of a border pixel from the backdrop's colour (a sweep's falloff). */
const BORDER_NEAR = 20;
/** Largest channel step between neighbouring backdrop pixels (JPEG noise, a gradient). */
const BACKDROP_STEP = 8;
/** Farthest a backdrop pixel may lie from the backdrop's colour (a vignette, a soft shadow). */
const BACKDROP_DRIFT = 48;
/** The flood must reach this share of the image, or what it found is not a backdrop. */
const BACKDROP_MIN_AREA = 0.05;
/** Alpha below which a pixel is transparent. */
const OPAQUE = 128;
/** Radius (work pixels) of the opening that clears specks from the model's mask. */
const SPECK_RADIUS = 1;
/** Less than this share of the image is no product. */
const LEAST_PRODUCT = 0.002;
/**
 * The band (work pixels) around the product's edge left out of the background's purity: the
 * antialiased edge and the JPEG ringing around it, which no marketplace counts as background.
 */
const EDGE_BAND = 4;
/** …and at least one JPEG block (image pixels), which its ringing fills on a small image. */
const EDGE_BAND_IMAGE = 8;

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The product found in an image, at ≤ LISTING_WORK_EDGE. */
export interface ProductMask {
  /** Work size, and the image's display size it was scaled from. */
  width: number;
  height: number;
  imageWidth: number;
  imageHeight: number;
  /** The work pixels, sRGB RGBA. */
  rgba: Buffer;
  /** 1 = product. */
  mask: Uint8Array;
  /** The product's alpha for compositing (0–255): the model's soft matte, or the keyed mask. */
  alpha: Uint8Array;
  /** The product's bounding box in work pixels; null when no product was found. */
  box: Rect | null;
  /** How it was found. */
  foreground: 'backdrop' | 'model';
  /** The plain backdrop's colour, when the backdrop was keyed and is not all transparent. */
  backdrop: [number, number, number] | null;
}

/** What the header says about the file (no decode). */
export interface ImageFacts {
  format: string;
  width: number;
  height: number;
  bytes: number;
  cmyk: boolean;
  grey: boolean;
  /** The embedded ICC profile's description; undefined when untagged. */
  profile: string | undefined;
  /** RGB shown as sRGB: untagged or tagged with an sRGB profile. */
  srgb: boolean;
  hasAlpha: boolean;
  /** An EXIF orientation turns the stored pixels. */
  oriented: boolean;
}

export async function imageFacts(image: Buffer): Promise<ImageFacts> {
  const meta = await sharp(image, { limitInputPixels: ENGINE_INPUT_PIXEL_LIMIT }).metadata();
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw new Error('The image has no readable size.');
  const profile = meta.icc ? (iccDescription(meta.icc) ?? 'an unnamed profile') : undefined;
  return {
    format: meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format,
    width,
    height,
    bytes: image.length,
    cmyk: meta.space === 'cmyk',
    grey: meta.space === 'b-w' || meta.space === 'grey16',
    profile,
    srgb: meta.space !== 'cmyk' && (profile === undefined || /srgb/i.test(profile)),
    hasAlpha: meta.hasAlpha,
    oriented: (meta.orientation ?? 1) > 1,
  };
}

/** The product's mask: the keyed plain backdrop's complement, else the segmentation model's. */
export async function findProductMask(
  image: Buffer,
  size: { width: number; height: number },
  segmenter: Segmenter,
): Promise<ProductMask> {
  const decoded = await withImageDecode(() =>
    orientedImage(image)
      .resize({
        width: LISTING_WORK_EDGE,
        height: LISTING_WORK_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const { width, height } = decoded.info;
  const rgba = decoded.data;
  const count = width * height;
  let mask = new Uint8Array(count);
  let alpha: Uint8Array;
  let foreground: ProductMask['foreground'] = 'backdrop';
  const keyed = keyBackdrop(rgba, width, height);
  if (keyed) {
    // No opening here (it would cost more than the rest of the check): the flood leaves no specks
    // on a plain backdrop, and the box below ignores the few a noisy one might.
    for (let i = 0; i < count; i++) mask[i] = keyed.backdrop[i] ? 0 : 1;
    alpha = mask.map((v) => v * 255);
  } else {
    foreground = 'model';
    const matte = await resizeMask(await segmenter(image), width, height);
    for (let i = 0; i < count; i++) {
      mask[i] = (matte[i] ?? 0) >= OPAQUE && (rgba[i * 4 + 3] ?? 255) >= OPAQUE ? 1 : 0;
    }
    mask = dilate(erode(mask, width, height, SPECK_RADIUS), width, height, SPECK_RADIUS);
    // The soft matte near what the mask kept; specks the opening cleared stay out.
    const near = dilate(mask, width, height, 2);
    alpha = Uint8Array.from(matte, (v, i) => (near[i] ? v : 0));
  }
  const box = boundingBox(mask, width, height);
  return {
    width,
    height,
    imageWidth: size.width,
    imageHeight: size.height,
    rgba,
    mask,
    alpha,
    box,
    foreground,
    backdrop: keyed?.colour ?? null,
  };
}

/** Largest channel difference between two RGBA pixels, or a pixel and a colour. */
const distance = (rgba: Buffer, i: number, r: number, g: number, b: number) =>
  Math.max(
    Math.abs((rgba[i * 4] ?? 0) - r),
    Math.abs((rgba[i * 4 + 1] ?? 0) - g),
    Math.abs((rgba[i * 4 + 2] ?? 0) - b),
  );

/**
 * The backdrop of a plain-backdrop photo (a sweep, a wall, transparency): grown from the border
 * over small steps and near the border's dominant colour, so what the product encloses (a white
 * garment's inside, seen through its outline) stays the product's. Null when the border is not
 * plain or the flood does not cover it.
 */
function keyBackdrop(rgba: Buffer, width: number, height: number) {
  const count = width * height;
  const transparent = (i: number) => (rgba[i * 4 + 3] ?? 255) < OPAQUE;
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) border.push(y * width, y * width + width - 1);
  // The dominant colour: the fullest of 4,096 colour bins, then the mean near it.
  const bins = new Uint32Array(4096);
  const opaque = border.filter((i) => !transparent(i));
  for (const i of opaque) {
    const bin =
      ((rgba[i * 4] ?? 0) >> 4) * 256 +
      ((rgba[i * 4 + 1] ?? 0) >> 4) * 16 +
      ((rgba[i * 4 + 2] ?? 0) >> 4);
    bins[bin] = (bins[bin] ?? 0) + 1;
  }
  let fullest = 0;
  for (let b = 1; b < bins.length; b++) if ((bins[b] ?? 0) > (bins[fullest] ?? 0)) fullest = b;
  const centre = [(fullest >> 8) * 16 + 8, ((fullest >> 4) & 15) * 16 + 8, (fullest & 15) * 16 + 8];
  const near = opaque.filter(
    (i) => distance(rgba, i, centre[0] ?? 0, centre[1] ?? 0, centre[2] ?? 0) <= BORDER_NEAR,
  );
  const colour: [number, number, number] | null =
    near.length > 0
      ? ([0, 1, 2].map((c) =>
          Math.round(near.reduce((sum, i) => sum + (rgba[i * 4 + c] ?? 0), 0) / near.length),
        ) as [number, number, number])
      : null;
  const [kr, kg, kb] = colour ?? [0, 0, 0];
  const nearKey = (i: number) => colour !== null && distance(rgba, i, kr, kg, kb) <= BORDER_NEAR;
  const plain = border.filter((i) => transparent(i) || nearKey(i)).length;
  if (plain < border.length * PLAIN_BORDER_SHARE) return null;

  const backdrop = new Uint8Array(count);
  const queue = new Int32Array(count);
  let tail = 0;
  for (const i of border) {
    if (backdrop[i] || !(transparent(i) || nearKey(i))) continue;
    backdrop[i] = 1;
    queue[tail++] = i;
  }
  const joins = (from: number, to: number) => {
    if (transparent(to)) return true;
    if (colour === null || distance(rgba, to, kr, kg, kb) > BACKDROP_DRIFT) return false;
    if (transparent(from)) return true;
    const step = distance(
      rgba,
      to,
      rgba[from * 4] ?? 0,
      rgba[from * 4 + 1] ?? 0,
      rgba[from * 4 + 2] ?? 0,
    );
    return step <= BACKDROP_STEP;
  };
  for (let head = 0; head < tail; head++) {
    const i = queue[head] ?? 0;
    const x = i % width;
    if (x > 0 && !backdrop[i - 1] && joins(i, i - 1)) {
      backdrop[i - 1] = 1;
      queue[tail++] = i - 1;
    }
    if (x < width - 1 && !backdrop[i + 1] && joins(i, i + 1)) {
      backdrop[i + 1] = 1;
      queue[tail++] = i + 1;
    }
    if (i >= width && !backdrop[i - width] && joins(i, i - width)) {
      backdrop[i - width] = 1;
      queue[tail++] = i - width;
    }
    if (i + width < count && !backdrop[i + width] && joins(i, i + width)) {
      backdrop[i + width] = 1;
      queue[tail++] = i + width;
    }
  }
  const onBorder = border.filter((i) => backdrop[i]).length;
  if (onBorder < border.length * PLAIN_BORDER_SHARE || tail < count * BACKDROP_MIN_AREA) {
    return null;
  }
  return { backdrop, colour };
}

/** Rows and columns with fewer product pixels than this are specks, not the product's extent. */
const LEAST_LINE = 3;

/**
 * Bounding box of the set pixels, from the rows and columns holding at least LEAST_LINE of them;
 * null when fewer than LEAST_PRODUCT of the image are set.
 */
function boundingBox(mask: Uint8Array, width: number, height: number): Rect | null {
  const rows = new Uint32Array(height);
  const columns = new Uint32Array(width);
  let count = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (!mask[row + x]) continue;
      rows[y] = (rows[y] ?? 0) + 1;
      columns[x] = (columns[x] ?? 0) + 1;
    }
    count += rows[y] ?? 0;
  }
  const first = (lines: Uint32Array) => lines.findIndex((n) => n >= LEAST_LINE);
  const last = (lines: Uint32Array) => lines.findLastIndex((n) => n >= LEAST_LINE);
  const [left, top, right, bottom] = [first(columns), first(rows), last(columns), last(rows)];
  if (count < mask.length * LEAST_PRODUCT || left < 0 || top < 0) return null;
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** The product's box in the image's own pixels. */
export function productBox(found: ProductMask): Rect | null {
  if (!found.box) return null;
  const sx = found.imageWidth / found.width;
  const sy = found.imageHeight / found.height;
  return {
    left: found.box.left * sx,
    top: found.box.top * sy,
    width: found.box.width * sx,
    height: found.box.height * sy,
  };
}

/** Larger of the product box's width and height shares of the frame (rules.ts says why). */
export function fillOf(found: ProductMask): number {
  return found.box ? Math.max(found.box.width / found.width, found.box.height / found.height) : 0;
}

export interface Purity {
  /** Share of the background within the rule's tolerance of its colour. */
  share: number;
  /** Share of the background that is transparent (never the rule's colour). */
  transparent: number;
  /** Mean colour of the opaque background; null when none is opaque. */
  mean: [number, number, number] | null;
  /** Background pixels counted (outside the product and the band around its edge). */
  counted: number;
}

/** How much of the background (outside the product, past the band at its edge) is the colour. */
export function backgroundPurity(found: ProductMask, rule: BackgroundRule): Purity {
  const { rgba } = found;
  const covered = bandedMask(found);
  const [r, g, b] = rule.rgb;
  let [counted, pure, clear] = [0, 0, 0];
  const sums = [0, 0, 0];
  for (let i = 0; i < covered.length; i++) {
    if (covered[i]) continue;
    counted++;
    if ((rgba[i * 4 + 3] ?? 255) < 255) {
      clear++;
      continue;
    }
    for (let c = 0; c < 3; c++) sums[c] = (sums[c] ?? 0) + (rgba[i * 4 + c] ?? 0);
    if (distance(rgba, i, r, g, b) <= rule.tolerance) pure++;
  }
  const opaque = counted - clear;
  return {
    share: counted > 0 ? pure / counted : 1,
    transparent: counted > 0 ? clear / counted : 0,
    mean:
      opaque > 0
        ? ([0, 1, 2].map((c) => Math.round((sums[c] ?? 0) / opaque)) as [number, number, number])
        : null,
    counted,
  };
}

/**
 * The product and the band around its edge: the mask dilated by the band, within the product's
 * box and a margin only (outside it nothing is dilated, and it saves most of the work).
 */
function bandedMask(found: ProductMask): Uint8Array {
  const { width, height, mask, box } = found;
  if (!box) return mask;
  const band = Math.max(EDGE_BAND, Math.ceil((EDGE_BAND_IMAGE * width) / found.imageWidth));
  const left = Math.max(0, box.left - band - 1);
  const top = Math.max(0, box.top - band - 1);
  const right = Math.min(width, box.left + box.width + band + 1);
  const bottom = Math.min(height, box.top + box.height + band + 1);
  const w = right - left;
  const region = new Uint8Array(w * (bottom - top));
  for (let y = top; y < bottom; y++) {
    region.set(mask.subarray(y * width + left, y * width + right), (y - top) * w);
  }
  const grown = dilate(region, w, bottom - top, band);
  const covered = Uint8Array.from(mask);
  for (let y = top; y < bottom; y++) {
    covered.set(grown.subarray((y - top) * w, (y - top + 1) * w), y * width + left);
  }
  return covered;
}

// --- Frame plan: what the fix makes of the frame (shared, so the check's `fixable` is honest) ---

export interface FramePlan {
  /** The new frame in the image's pixels (may reach past the image: the rest is padding). */
  canvas: Rect;
  /** Output size in pixels. */
  width: number;
  height: number;
  /** Enlargement the pixel rules ask for (1 when none); the fix goes at most to MAX_UPSCALE. */
  upscale: number;
  /** Whether the frame changes (crop or pad). */
  reframed: boolean;
}

const aspectPasses = (ratio: number, rule: AspectRule) =>
  Math.abs(ratio / (rule.width / rule.height) - 1) <= rule.tolerance;
const fillPasses = (fill: number, rule: FillRule) =>
  fill >= rule.min && (rule.max === undefined || fill <= rule.max);

/** The fill the fix aims at: a little over the minimum, within the maximum. */
export function targetFill(rule: FillRule): number {
  const aim = rule.min + 0.03;
  if (rule.max === undefined) return Math.min(aim, 0.97);
  return aim <= rule.max ? aim : (rule.min + rule.max) / 2;
}

/**
 * The frame the fix makes: around the product at the target fill when the fill or the aspect
 * fails and the slot has a fill rule; else cropped to the aspect around the product where it fits
 * with a margin, padded otherwise; then scaled to the pixel rules (never past MAX_UPSCALE nor the
 * engine's largest output).
 */
export function planFrame(
  size: { width: number; height: number },
  box: Rect | null,
  rules: SlotRules,
): FramePlan {
  const { width: w, height: h } = size;
  const ratio = rules.aspect ? rules.aspect.width / rules.aspect.height : w / h;
  const fill = box ? Math.max(box.width / w, box.height / h) : 0;
  const aspectOk = !rules.aspect || aspectPasses(w / h, rules.aspect);
  const fillOk = !rules.fill || !box || fillPasses(fill, rules.fill);
  let canvas: Rect = { left: 0, top: 0, width: w, height: h };
  if (box && rules.fill && !(fillOk && aspectOk)) {
    const aim = fillOk ? fill : targetFill(rules.fill);
    const cw = Math.max(box.width, box.height * ratio) / aim;
    canvas = centredOn(box, cw, cw / ratio);
  } else if (!aspectOk) {
    canvas = (box && cropAround(size, box, ratio)) || padTo(size, ratio);
  }
  const long = Math.max(canvas.width, canvas.height);
  const pixels: Partial<PixelRule> = rules.pixels ?? {};
  const upscale = Math.max(
    1,
    (pixels.minLongSide ?? 0) / long,
    (pixels.minWidth ?? 0) / canvas.width,
    (pixels.minHeight ?? 0) / canvas.height,
  );
  const cap = Math.min(
    (pixels.maxLongSide ?? Infinity) / long,
    Math.sqrt(((pixels.maxMegapixels ?? Infinity) * 1e6) / (canvas.width * canvas.height)),
    UPSCALE_MAX_EDGE / long,
    Math.sqrt(UPSCALE_MAX_PIXELS / (canvas.width * canvas.height)),
  );
  const scale = Math.min(upscale > 1 ? Math.min(upscale, MAX_UPSCALE) : 1, cap);
  let outWidth = Math.max(1, Math.round(canvas.width * scale));
  let outHeight = Math.max(1, Math.round(outWidth / ratio));
  // Rounding must not land a pixel short of a minimum, nor one past a maximum.
  if (scale >= upscale) {
    if (outWidth < (pixels.minWidth ?? 0)) outWidth = pixels.minWidth ?? outWidth;
    outHeight = Math.max(outHeight, Math.round(outWidth / ratio));
    if (outHeight < (pixels.minHeight ?? 0)) {
      outHeight = pixels.minHeight ?? outHeight;
      outWidth = Math.round(outHeight * ratio);
    }
    while (Math.max(outWidth, outHeight) < (pixels.minLongSide ?? 0)) {
      outWidth++;
      outHeight = Math.round(outWidth / ratio);
    }
  }
  while (Math.max(outWidth, outHeight) > (pixels.maxLongSide ?? Infinity) && outWidth > 1) {
    outWidth--;
    outHeight = Math.max(1, Math.round(outWidth / ratio));
  }
  const reframed =
    canvas.left !== 0 || canvas.top !== 0 || canvas.width !== w || canvas.height !== h;
  return { canvas, width: outWidth, height: outHeight, upscale, reframed };
}

function centredOn(box: Rect, width: number, height: number): Rect {
  return {
    left: box.left + box.width / 2 - width / 2,
    top: box.top + box.height / 2 - height / 2,
    width,
    height,
  };
}

/** Least margin (share of the frame) a crop leaves around the product. */
const CROP_MARGIN = 0.03;

/** The largest frame of `ratio` inside the image that holds the product with a margin; else null. */
function cropAround(size: { width: number; height: number }, box: Rect, ratio: number) {
  const width = Math.min(size.width, size.height * ratio);
  const height = width / ratio;
  const fits = (span: number, length: number) => span <= length * (1 - 2 * CROP_MARGIN);
  if (!fits(box.width, width) || !fits(box.height, height)) return null;
  const place = (start: number, span: number, length: number, whole: number) =>
    Math.min(Math.max(start + span / 2 - length / 2, 0), whole - length);
  return {
    left: place(box.left, box.width, width, size.width),
    top: place(box.top, box.height, height, size.height),
    width,
    height,
  };
}

/** The smallest frame of `ratio` around the whole image, the image centred. */
function padTo(size: { width: number; height: number }, ratio: number): Rect {
  const width = Math.max(size.width, size.height * ratio);
  const height = width / ratio;
  return centredOn({ left: 0, top: 0, ...size }, width, height);
}

/**
 * What the check and the fix both start from: the file's header, the product's mask where a
 * picture rule (background, fill) asks for it, and the frame the fix would make.
 */
export async function measureListing(
  image: Buffer,
  rules: SlotRules,
  segmenter: Segmenter = segmentForeground,
) {
  const facts = await imageFacts(image);
  const found =
    rules.background || rules.fill ? await findProductMask(image, facts, segmenter) : null;
  return { facts, found, plan: planFrame(facts, found && productBox(found), rules) };
}

// --- The check -----------------------------------------------------------------------------------

export interface ListingCheckResult {
  compliant: boolean;
  checks: ListingCheckItem[];
  notChecked: ListingContentRule[];
}

/**
 * Every rule of the slot measured on `image`: one entry per rule, in the order background, fill,
 * aspect, pixels, format, colour, file size; `compliant` when every required one passed; the
 * content rules, which no measurement decides, named in `notChecked`.
 */
export async function checkListingImage(
  image: Buffer,
  rules: SlotRules,
  options: { segmenter?: Segmenter } = {},
): Promise<ListingCheckResult> {
  const { facts, found, plan } = await measureListing(image, rules, options.segmenter);
  const checks: ListingCheckItem[] = [];
  if (rules.background && found) checks.push(checkBackground(found, rules.background));
  if (rules.fill && found) checks.push(checkFill(found, rules.fill));
  if (rules.aspect) checks.push(checkAspect(facts, rules.aspect));
  if (rules.pixels) checks.push(checkPixels(facts, rules.pixels, plan));
  checks.push(checkFormat(facts, rules.format));
  if (rules.colour) checks.push(checkColour(facts, rules.colour));
  if (rules.fileSize) checks.push(checkFileSize(facts, rules.fileSize));
  return {
    compliant: checks.every((c) => c.passed || c.level !== 'required'),
    checks,
    notChecked: rules.content.map((c) => ({ rule: c.id, level: c.level, message: c.text })),
  };
}

/**
 * The check again with the file-size rule measured on `bytes`: the file as stored, its content
 * credentials written after the check (ADR 058) and a few kilobytes larger than what was checked.
 */
export function withStoredSize(
  result: ListingCheckResult,
  rules: SlotRules,
  bytes: number,
): ListingCheckResult {
  const rule = rules.fileSize;
  if (!rule) return result;
  const checks = result.checks.map((check) =>
    check.rule === 'file-size' ? checkFileSize({ bytes }, rule) : check,
  );
  return { ...result, checks, compliant: checks.every((c) => c.passed || c.level !== 'required') };
}

type Item = Omit<ListingCheckItem, 'level' | 'message'> & { message: string };

/** The item, a missed recommendation saying that it is one. */
function item(level: RuleLevel, found: Item): ListingCheckItem {
  const message =
    !found.passed && level === 'recommended'
      ? `${found.message.replace(/\.$/, '')} (recommended, not required).`
      : found.message;
  return { ...found, level, message };
}

const number = (n: number) => Math.round(n).toLocaleString('en-US');
/**
 * A share as a percentage ('72 %'), with as many decimals (up to two) as it takes to show on which
 * side of each of `limits` it lies ('84.99 %' against '≥ 85 %', never a rounded '85 %').
 */
export function percent(share: number, limits: readonly number[] = []): string {
  const agrees = (shown: number) =>
    limits.every((limit) => shown >= limit === share >= limit && shown > limit === share > limit);
  for (let decimals = 0; decimals <= 2; decimals++) {
    const scale = 10 ** decimals;
    const shown = Math.round(share * 100 * scale) / scale;
    if (agrees(shown / 100)) return `${String(shown)} %`;
  }
  return `${String(Math.floor(share * 10000) / 100)} %`;
}
/** A rule's own share, as written ('99.5 %', '85 %'). */
const limit = (share: number) => `${String(Math.round(share * 10000) / 100)} %`;
const hex = (rgb: readonly number[]) =>
  `#${rgb.map((v) => v.toString(16).padStart(2, '0').toUpperCase()).join('')}`;

function checkBackground(found: ProductMask, rule: BackgroundRule): ListingCheckItem {
  const purity = backgroundPurity(found, rule);
  const passed = purity.share >= rule.share;
  const target = hex(rule.rgb);
  const share = percent(purity.share, [rule.share]);
  const within = `${share} within ±${String(rule.tolerance)} of ${target}`;
  const seen =
    purity.transparent > 0.5 || !purity.mean
      ? 'transparent'
      : purity.transparent > 0
        ? `${hex(purity.mean)} with transparent areas`
        : hex(purity.mean);
  const fixable = found.box !== null;
  const remedy = fixable
    ? `Fix cuts the product out and does this`
    : `no product was found to cut out, so photograph it on ${rule.name}`;
  const clear =
    purity.transparent > 0
      ? ', and transparent pixels do not count, since a marketplace shows them in a colour of its own choosing'
      : '';
  const message = passed
    ? `The background is ${rule.name}: ${share} of it is within ±${String(rule.tolerance)} of ${target}.`
    : seen === 'transparent'
      ? `The background is transparent, which a marketplace shows in a colour of its own choosing: fill it with ${rule.name} (${target}); ${remedy}.`
      : `Only ${share} of the background is ${rule.name} where ${limit(rule.share)} must be${clear}: replace it with ${target}; ${remedy}.`;
  return item(rule.level, {
    rule: 'background',
    passed,
    actual: `${seen}, ${within}`,
    required: `${target} ±${String(rule.tolerance)} on ${limit(rule.share)} of the background`,
    fixable,
    message,
  });
}

function fillRange(rule: FillRule) {
  return rule.max === undefined
    ? `≥ ${limit(rule.min)}`
    : `${limit(rule.min).replace(' %', '')}–${limit(rule.max)}`;
}

function checkFill(found: ProductMask, rule: FillRule): ListingCheckItem {
  const fill = fillOf(found);
  const required = fillRange(rule);
  if (!found.box) {
    return item(rule.level, {
      rule: 'fill',
      passed: false,
      actual: 'no product found',
      required,
      fixable: false,
      message:
        'No product stands out from the background, so its fill could not be measured: use a photo in which the product is clearly visible.',
    });
  }
  const passed = fillPasses(fill, rule);
  const shown = percent(fill, [rule.min, rule.max ?? 2]);
  const tooTight = rule.max !== undefined && fill > rule.max;
  return item(rule.level, {
    rule: 'fill',
    passed,
    actual: shown,
    required,
    fixable: true,
    message: passed
      ? `The product fills ${shown} of the frame.`
      : tooTight
        ? `The product fills ${shown} of the frame, too tight: leave more space around it so it fills ${required} (Fix pads it).`
        : `The product fills only ${shown} of the frame: crop closer so it fills ${required} (Fix crops or pads it).`,
  });
}

/** '4:3' when the size reduces to a small ratio, '≈ 3:4' when close to one, else '1.33:1'. */
function ratioLabel(width: number, height: number): string {
  const ratio = width / height;
  for (let h = 1; h <= 20; h++) {
    const w = Math.round(ratio * h);
    if (w < 1 || w > 40) continue;
    const error = Math.abs(w / h / ratio - 1);
    if (error < 1e-9) return `${String(w / gcd(w, h))}:${String(h / gcd(w, h))}`;
    if (error <= 0.005) return `≈ ${String(w / gcd(w, h))}:${String(h / gcd(w, h))}`;
  }
  return `${ratio.toFixed(2)}:1`;
}
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

function checkAspect(facts: ImageFacts, rule: AspectRule): ListingCheckItem {
  const passed = aspectPasses(facts.width / facts.height, rule);
  const want = `${String(rule.width)}:${String(rule.height)}`;
  const label = ratioLabel(facts.width, facts.height);
  return item(rule.level, {
    rule: 'aspect',
    passed,
    actual: `${number(facts.width)} × ${number(facts.height)} (${label})`,
    required: `${want} (±${limit(rule.tolerance)})`,
    fixable: true,
    message: passed
      ? `The image is ${label}, within ${limit(rule.tolerance)} of ${want}.`
      : `The image is ${label} but must be ${want} (width to height): crop or pad it to ${want} (Fix does this without cutting the product).`,
  });
}

function checkPixels(facts: ImageFacts, rule: PixelRule, plan: FramePlan): ListingCheckItem {
  const { width, height } = facts;
  const long = Math.max(width, height);
  const longOnly =
    rule.minWidth === undefined && rule.minHeight === undefined && rule.maxMegapixels === undefined;
  const parts: string[] = [];
  if (rule.minLongSide !== undefined && rule.maxLongSide !== undefined) {
    parts.push(`${number(rule.minLongSide)} to ${number(rule.maxLongSide)} px`);
  } else if (rule.minLongSide !== undefined) parts.push(`≥ ${number(rule.minLongSide)} px`);
  else if (rule.maxLongSide !== undefined) parts.push(`≤ ${number(rule.maxLongSide)} px`);
  if (parts.length > 0 && !longOnly) parts[0] = `${parts[0] ?? ''} long side`;
  if (rule.minWidth !== undefined || rule.minHeight !== undefined) {
    parts.push(`≥ ${number(rule.minWidth ?? 1)} × ${number(rule.minHeight ?? 1)} px`);
  }
  if (rule.maxMegapixels !== undefined) parts.push(`≤ ${String(rule.maxMegapixels)} MP`);
  const megapixels = (width * height) / 1e6;
  const actual = longOnly
    ? `${number(long)} px long side`
    : `${number(width)} × ${number(height)} px${rule.maxMegapixels === undefined ? '' : ` (${megapixels.toFixed(1)} MP)`}`;
  const small =
    long < (rule.minLongSide ?? 0) ||
    width < (rule.minWidth ?? 0) ||
    height < (rule.minHeight ?? 0);
  const large =
    long > (rule.maxLongSide ?? Infinity) || megapixels > (rule.maxMegapixels ?? Infinity);
  const required = parts.join(', ');
  const factor = `${(Math.ceil(plan.upscale * 10) / 10).toFixed(1)}×`;
  const fixable = !small || plan.upscale <= MAX_UPSCALE;
  const message = !small
    ? large
      ? `The image is ${number(width)} × ${number(height)} px, larger than allowed: scale it down to ${required} (Fix does this).`
      : `The image is ${number(width)} × ${number(height)} px.`
    : fixable
      ? `The image is ${number(width)} × ${number(height)} px, too small: it needs ${required}, which Fix reaches by upscaling ${factor}.`
      : `The image is ${number(width)} × ${number(height)} px, too small: it needs ${required}, more than ${String(MAX_UPSCALE)}× upscaling can honestly give, so use a larger original.`;
  return item(rule.level, {
    rule: 'pixels',
    passed: !small && !large,
    actual,
    required,
    fixable,
    message,
  });
}

const formatLabel = (format: string) =>
  format in IMAGE_FORMAT_LABELS
    ? IMAGE_FORMAT_LABELS[format as ImageFormat]
    : format === 'heif'
      ? 'HEIC'
      : format.toUpperCase();

function checkFormat(facts: ImageFacts, rule: FormatRule): ListingCheckItem {
  const passed = (rule.formats as readonly string[]).includes(facts.format);
  const accepted = rule.formats.map(formatLabel);
  const list =
    accepted.length > 1
      ? `${accepted.slice(0, -1).join(', ')} or ${accepted.at(-1) ?? ''}`
      : (accepted[0] ?? '');
  const label = formatLabel(facts.format);
  return item(rule.level, {
    rule: 'format',
    passed,
    actual: label,
    required: accepted.join(', '),
    fixable: true,
    message: passed
      ? `${label} files are accepted.`
      : `${label} files are not accepted: save it as ${list} (Fix does this).`,
  });
}

function checkColour(facts: ImageFacts, rule: ColourRule): ListingCheckItem {
  const { srgb } = facts;
  const passed = facts.grey || srgb || (facts.cmyk && rule.cmykAllowed);
  const actual = facts.cmyk
    ? 'CMYK'
    : facts.grey
      ? 'Greyscale'
      : facts.profile === undefined
        ? 'sRGB (untagged)'
        : srgb
          ? 'sRGB'
          : facts.profile;
  const message = passed
    ? `The colours are ${actual === 'CMYK' ? 'CMYK, which is accepted' : actual}.`
    : facts.cmyk
      ? 'The image is in CMYK, which is not accepted: convert it to sRGB (Fix does this).'
      : `The image carries the ${actual} colour profile, which a marketplace shows as sRGB with shifted colours: convert it to sRGB (Fix does this).`;
  return item(rule.level, {
    rule: 'colour',
    passed,
    actual,
    required: rule.cmykAllowed ? 'sRGB or CMYK' : 'sRGB',
    fixable: true,
    message,
  });
}

/** '2.4 MB', '1 MB', '512 KB' (binary units, as the rules are written). */
export function bytesLabel(bytes: number): string {
  if (bytes >= MIB) return `${String(Math.round((bytes / MIB) * 10) / 10)} MB`;
  return `${number(bytes / KIB)} KB`;
}

function checkFileSize(facts: Pick<ImageFacts, 'bytes'>, rule: FileSizeRule): ListingCheckItem {
  const { bytes } = facts;
  const required =
    rule.minBytes !== undefined && rule.maxBytes !== undefined
      ? `${bytesLabel(rule.minBytes)} to ${bytesLabel(rule.maxBytes)}`
      : rule.maxBytes !== undefined
        ? `≤ ${bytesLabel(rule.maxBytes)}`
        : `≥ ${bytesLabel(rule.minBytes ?? 0)}`;
  const small = bytes < (rule.minBytes ?? 0);
  const large = bytes > (rule.maxBytes ?? Infinity);
  const size = bytesLabel(bytes);
  return item(rule.level, {
    rule: 'file-size',
    passed: !small && !large,
    actual: size,
    required,
    fixable: true,
    message: large
      ? `The file is ${size}, over the limit: save it smaller, ${required} (Fix re-encodes it).`
      : small
        ? `The file is ${size}, under the least the marketplace takes (${required}): save it at a higher quality or from a more detailed original (Fix raises the quality, which a picture with little detail may still not reach).`
        : `The file is ${size}.`,
  });
}

/**
 * The description of an ICC profile ('sRGB IEC61966-2.1', 'Display P3'): the `desc` tag, in the
 * version-2 text form or the version-4 multi-language form. Undefined when it cannot be read.
 */
export function iccDescription(icc: Buffer): string | undefined {
  try {
    const tags = icc.readUInt32BE(128);
    for (let t = 0; t < tags; t++) {
      const at = 132 + t * 12;
      if (icc.toString('latin1', at, at + 4) !== 'desc') continue;
      const offset = icc.readUInt32BE(at + 4);
      const type = icc.toString('latin1', offset, offset + 4);
      if (type === 'desc') {
        const length = icc.readUInt32BE(offset + 8);
        return icc.toString('latin1', offset + 12, offset + 12 + length).replace(/\0.*$/s, '');
      }
      if (type === 'mluc') {
        const length = icc.readUInt32BE(offset + 20);
        const start = offset + icc.readUInt32BE(offset + 24);
        return Buffer.from(icc.subarray(start, start + length))
          .swap16()
          .toString('utf16le');
      }
    }
  } catch {
    // A damaged profile reads as unnamed.
  }
  return undefined;
}
