import { convertLab65ToRgb, convertRgbToLab65, differenceCiede2000 } from 'culori';
import {
  erode,
  garmentMask,
  type GarmentMask,
  type GarmentPart,
  type MaskOptions,
  type Segmenter,
  type Worn,
} from './garment-mask';
import type { Lab } from './lab';
import { windowSums } from './window-sums';

export type { GarmentPart, Segmenter, Worn } from './garment-mask';

/*
 * The garment-fidelity check (ADR 037, revised by ADR 055): how far a result's garment drifted
 * from the garment the user sent, on the garment's own pixels on both sides (garment-mask.ts).
 * Colour: the same clustering on both sides, each input colour against the result colour that is
 * the same part of the garment, after the light of the result's scene is allowed for (a bounded
 * darkening or veil, which keeps hue, so a recolour still shows). Structure: small blocks of the
 * garment's lightness looked for in the other side near the same place (normalised
 * cross-correlation, which ignores light), both ways, so a print, logo or word that was lost,
 * changed or added leaves blocks that are found nowhere.
 */

/**
 * Largest CIEDE2000 between the input's and the result's garment colours, after light, that still
 * reads as "colour true": chosen on the evaluation set (ADR 055). ΔE00 ≈ 1–2 shows only side by
 * side; by 5 a buyer sees another shade and by 8 another colour (ADR 037).
 */
export const COLOUR_TOLERANCE_DE00 = 3.5;
/** Least share (0–1) of the garment's blocks found on the other side for a pass (ADR 055). */
export const PATTERN_MIN_SIMILARITY = 0.6;

export interface FidelityScore {
  /** Weighted CIEDE2000 from each input colour to its match in the result, after light. */
  colourDifference: number;
  /** 0–1, the share of the garment's blocks found in the other image (the lower direction). */
  patternSimilarity: number;
  passed: boolean;
}

interface Cluster extends Lab {
  weight: number;
}
/** An image in which the mask found no garment (a result that lost it, or an empty photo). */
export class NoGarmentFound extends Error {
  constructor() {
    super('No garment was found in the image.');
    this.name = 'NoGarmentFound';
  }
}

/**
 * The score of a result in which no garment is found: the garment was lost, which fails the
 * check (the ΔE00 stored is the scale's far end; the pattern found nothing).
 */
export const NO_GARMENT_SCORE: FidelityScore = {
  colourDifference: 100,
  patternSimilarity: 0,
  passed: false,
};

/** A garment cropped to its mask's box and scaled to ANALYSIS_EDGE, with its colours. */
export interface Region {
  width: number;
  height: number;
  l: Float32Array;
  mask: Uint8Array;
  colours: Cluster[];
}

/** Long edge of the garment's box when measured: a chest logo's letters stay a few pixels tall. */
const ANALYSIS_EDGE = 160;
/**
 * Pixels of the outline left out at ANALYSIS_EDGE: they mix garment and backdrop, differently
 * after every resize and re-encode, and would count as detail found nowhere.
 */
const OUTLINE_MARGIN = 2;
/** Colours per side, and the least share a colour needs to count (same on both sides). */
const COLOURS = 6;
const COLOUR_MIN_WEIGHT = 0.02;
/** Largest ΔE76 from a pixel to its neighbours for it to be plain fabric, not a print's edge. */
const PLAIN_STEP = 10;
/** Least share of plain pixels to measure colours on them alone. */
const PLAIN_MIN_SHARE = 0.2;
const ciede2000 = differenceCiede2000();
const deltaE = (x: Lab, y: Lab) => ciede2000({ mode: 'lab65', ...x }, { mode: 'lab65', ...y });

/**
 * The garment in `image`: its mask (garment-mask.ts), cropped and scaled to ANALYSIS_EDGE, the
 * outline's soft pixel left out, and its dominant colours.
 */
export async function garmentRegion(
  image: Buffer,
  segment: Segmenter,
  options: MaskOptions = { part: 'auto', worn: 'auto' },
): Promise<Region> {
  return regionOf(await garmentMask(image, segment, options));
}

export function regionOf(found: GarmentMask): Region {
  const box = boundingBox(found.mask, found.width, found.height);
  if (!box) throw new NoGarmentFound();
  const scale = ANALYSIS_EDGE / Math.max(box.width, box.height);
  const width = Math.max(1, Math.round(box.width * scale));
  const height = Math.max(1, Math.round(box.height * scale));
  const l = new Float32Array(width * height);
  const a = new Float32Array(width * height);
  const b = new Float32Array(width * height);
  const covered = new Uint8Array(width * height);
  // Each analysis pixel averages the garment pixels it covers (a box filter); it is garment when
  // they are at least half of it.
  for (let y = 0; y < height; y++) {
    const y0 = box.top + Math.floor(y / scale);
    const y1 = Math.max(y0 + 1, box.top + Math.floor((y + 1) / scale));
    for (let x = 0; x < width; x++) {
      const x0 = box.left + Math.floor(x / scale);
      const x1 = Math.max(x0 + 1, box.left + Math.floor((x + 1) / scale));
      let [n, total, sl, sa, sb] = [0, 0, 0, 0, 0];
      for (let sy = y0; sy < Math.min(y1, found.height); sy++) {
        for (let sx = x0; sx < Math.min(x1, found.width); sx++) {
          total++;
          const i = sy * found.width + sx;
          if (!found.mask[i]) continue;
          n++;
          sl += found.lab[i * 3] ?? 0;
          sa += found.lab[i * 3 + 1] ?? 0;
          sb += found.lab[i * 3 + 2] ?? 0;
        }
      }
      const o = y * width + x;
      if (n === 0 || n * 2 < total) continue;
      [l[o], a[o], b[o], covered[o]] = [sl / n, sa / n, sb / n, 1];
    }
  }
  const mask = erode(covered, width, height, OUTLINE_MARGIN);
  // The colours are measured on plain pixels (their 3 × 3 neighbours within PLAIN_STEP): where
  // two print colours meet, the pixels mix them into a third colour the garment does not have,
  // which would count as a garment colour and lure skin into the result's mask.
  const all: Lab[] = [];
  const plain: Lab[] = [];
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const colour = { l: l[i] ?? 0, a: a[i] ?? 0, b: b[i] ?? 0 };
    all.push(colour);
    if (isPlain(i)) plain.push(colour);
  }
  function isPlain(i: number) {
    const [x, y] = [i % width, Math.floor(i / width)];
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const j = (y + dy) * width + x + dx;
        if (x + dx < 0 || x + dx >= width || !mask[j]) continue;
        const d = Math.hypot(
          (l[j] ?? 0) - (l[i] ?? 0),
          (a[j] ?? 0) - (a[i] ?? 0),
          (b[j] ?? 0) - (b[i] ?? 0),
        );
        if (d > PLAIN_STEP) return false;
      }
    }
    return true;
  }
  if (all.length === 0) throw new NoGarmentFound();
  // A print too fine to leave plain pixels is measured on all of them.
  const measured = plain.length >= all.length * PLAIN_MIN_SHARE ? plain : all;
  return {
    width,
    height,
    l,
    mask,
    colours: dominantColours(measured, COLOURS, COLOUR_MIN_WEIGHT),
  };
}

function boundingBox(mask: Uint8Array, width: number, height: number) {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  if (right < 0) return null;
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * Dominant colours by k-means in Lab, seeded deterministically (farthest point first) so the same
 * images always score the same. Clusters holding less than `minWeight` of the pixels are noise.
 */
export function dominantColours(pixels: readonly Lab[], k: number, minWeight: number): Cluster[] {
  if (pixels.length === 0) return [];
  const centres: Lab[] = [mean(pixels)];
  while (centres.length < Math.min(k, pixels.length)) {
    let farthest = pixels[0];
    let best = -1;
    for (const pixel of pixels) {
      const d = Math.min(...centres.map((c) => distance2(c, pixel)));
      if (d > best) [best, farthest] = [d, pixel];
    }
    if (!farthest || best <= 1) break;
    centres.push(farthest);
  }
  let assignment = new Int32Array(pixels.length);
  for (let round = 0; round < 12; round++) {
    assignment = assign(pixels, centres);
    for (let c = 0; c < centres.length; c++) {
      const members = pixels.filter((_, i) => assignment[i] === c);
      if (members.length > 0) centres[c] = mean(members);
    }
  }
  const counts = new Array<number>(centres.length).fill(0);
  for (const c of assignment) counts[c] = (counts[c] ?? 0) + 1;
  return centres
    .map((centre, c) => ({ ...centre, weight: (counts[c] ?? 0) / pixels.length }))
    .filter((cluster) => cluster.weight >= minWeight);
}

function assign(pixels: readonly Lab[], centres: readonly Lab[]) {
  const assignment = new Int32Array(pixels.length);
  pixels.forEach((pixel, i) => {
    let best = Infinity;
    centres.forEach((centre, c) => {
      const d = distance2(centre, pixel);
      if (d < best) [best, assignment[i]] = [d, c];
    });
  });
  return assignment;
}

const distance2 = (x: Lab, y: Lab) => (x.l - y.l) ** 2 + (x.a - y.a) ** 2 + (x.b - y.b) ** 2;

function mean(pixels: readonly Lab[]): Lab {
  const sum = { l: 0, a: 0, b: 0 };
  for (const p of pixels) {
    sum.l += p.l;
    sum.a += p.a;
    sum.b += p.b;
  }
  return { l: sum.l / pixels.length, a: sum.a / pixels.length, b: sum.b / pixels.length };
}

/**
 * For each input colour, the result colour that is the same part of the garment. A nearest-colour
 * match alone goes wrong once a result drifts: a recoloured dark stripe can sit nearer to the
 * recoloured body's shadow than to itself. So the match is made again with the drift seen in the
 * first match (the share-weighted mean Lab offset) applied, which follows a recolour part by part.
 * The first match weighs lightness four times (a recolour or a change of light keeps light parts
 * light and dark parts dark), the second is by CIEDE2000 after the drift.
 */
function matchColours(reference: readonly Cluster[], result: readonly Cluster[]): number[] {
  let drift: Lab = { l: 0, a: 0, b: 0 };
  let matches: number[] = [];
  for (let pass = 0; pass < 2; pass++) {
    matches = reference.map((colour) =>
      pass === 0 ? nearest(colour, result, byLightness) : nearest(shift(colour, drift), result),
    );
    drift = { l: 0, a: 0, b: 0 };
    reference.forEach((colour, i) => {
      const match = result[matches[i] ?? -1];
      if (!match) return;
      drift.l += (match.l - colour.l) * colour.weight;
      drift.a += (match.a - colour.a) * colour.weight;
      drift.b += (match.b - colour.b) * colour.weight;
    });
    const total = reference.reduce((sum, colour) => sum + colour.weight, 0);
    drift = { l: drift.l / total, a: drift.a / total, b: drift.b / total };
  }
  return matches;
}

/**
 * Most the result's scene may darken (a share of black) or haze (a share of white) the garment
 * and still count as light rather than colour: a dim studio or an overcast street takes 10–20 %.
 * Both keep hue, so a recolour, which turns hue, is not explained away; a lightness-only change
 * within this range is (see ADR 055).
 */
const LIGHT_RANGE = 0.2;
const LIGHT_STEP = 0.01;

/** `colour` under light `level`: below 0 mixed with black, above 0 with white, in sRGB. */
function underLight(colour: Lab, level: number): Lab {
  const rgb = convertLab65ToRgb(colour);
  const lit = (v: number) => (level < 0 ? v * (1 + level) : v + level * (1 - v));
  const out = convertRgbToLab65({ r: lit(rgb.r), g: lit(rgb.g), b: lit(rgb.b) });
  return { l: out.l, a: out.a, b: out.b };
}

/**
 * Share-weighted CIEDE2000 between each input colour and its match, under the light that
 * explains the result best.
 */
function colourDifference(reference: readonly Cluster[], result: readonly Cluster[]): number {
  const matches = matchColours(reference, result);
  let best = Infinity;
  for (let level = -LIGHT_RANGE; level <= LIGHT_RANGE + 1e-9; level += LIGHT_STEP) {
    let weighted = 0;
    let total = 0;
    reference.forEach((colour, i) => {
      const match = result[matches[i] ?? -1];
      if (!match) return;
      weighted += deltaE(underLight(colour, level), match) * colour.weight;
      total += colour.weight;
    });
    if (total > 0) best = Math.min(best, weighted / total);
  }
  return best;
}

const shift = (colour: Lab, by: Lab): Lab => ({
  l: colour.l + by.l,
  a: colour.a + by.a,
  b: colour.b + by.b,
});

const byLightness = (x: Lab, y: Lab) => 4 * (x.l - y.l) ** 2 + (x.a - y.a) ** 2 + (x.b - y.b) ** 2;

function nearest(colour: Lab, candidates: readonly Lab[], distance = deltaE) {
  let best = Infinity;
  let index = -1;
  candidates.forEach((candidate, i) => {
    const d = distance(colour, candidate);
    if (d < best) [best, index] = [d, i];
  });
  return index;
}

/** Block side, step between blocks and search reach, in pixels at ANALYSIS_EDGE. */
const BLOCK = 12;
const BLOCK_STEP = 6;
const REACH = 10;
/** A block is compared when this share of it is garment on its side (and, to match, on the other). */
const BLOCK_COVER = 0.9;
/** Below this spread of detail (L*) a block is plain fabric; above it, print, logo or text. */
const PLAIN_SPREAD = 3;
/** Fewer detailed blocks than this on a side is a plain garment: nothing there to lose. */
const LEAST_BLOCKS = 3;
/** A printed block is found where its normalised cross-correlation reaches this. */
const MATCH_CORRELATION = 0.6;

interface Plane {
  width: number;
  height: number;
  l: Float32Array;
  mask: Uint8Array;
}

/** `region` resampled (bilinear lightness, nearest mask) to `width` × `height`. */
function resampled(region: Region, width: number, height: number): Plane {
  if (region.width === width && region.height === height) return region;
  const l = new Float32Array(width * height);
  const mask = new Uint8Array(width * height);
  const sx = region.width / width;
  const sy = region.height / height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const fx = Math.min(region.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const fy = Math.min(region.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
      const [x0, y0] = [Math.floor(fx), Math.floor(fy)];
      const [x1, y1] = [Math.min(region.width - 1, x0 + 1), Math.min(region.height - 1, y0 + 1)];
      const [tx, ty] = [fx - x0, fy - y0];
      const at = (px: number, py: number) => region.l[py * region.width + px] ?? 0;
      const top = at(x0, y0) * (1 - tx) + at(x1, y0) * tx;
      const bottom = at(x0, y1) * (1 - tx) + at(x1, y1) * tx;
      l[y * width + x] = top * (1 - ty) + bottom * ty;
      mask[y * width + x] = region.mask[Math.round(fy) * region.width + Math.round(fx)] ?? 0;
    }
  }
  return { width, height, l, mask };
}

/** Radius of the box blur whose difference from the garment is its detail (print, not folds). */
const DETAIL_RADIUS = 3;

/**
 * The plane's detail: lightness less its local mean (a box blur over garment pixels only, so the
 * outline adds none). Folds and light change slowly and drop out; a print's edges, a logo's and
 * a word's strokes stay.
 */
function detail(plane: Plane): Plane {
  const { width, height, mask } = plane;
  const weighted = new Float32Array(width * height);
  const weights = new Float32Array(width * height);
  for (let i = 0; i < weighted.length; i++) {
    weights[i] = mask[i] ? 1 : 0;
    weighted[i] = mask[i] ? (plane.l[i] ?? 0) : 0;
  }
  const blur = (values: Float32Array) =>
    boxBlur(boxBlur(values, width, height, true), width, height, false);
  const sum = blur(weighted);
  const count = blur(weights);
  const l = new Float32Array(width * height);
  for (let i = 0; i < l.length; i++) {
    l[i] = mask[i] ? (plane.l[i] ?? 0) - (sum[i] ?? 0) / Math.max(1e-6, count[i] ?? 0) : 0;
  }
  return { width, height, l, mask };
}

const boxBlur = (values: Float32Array, width: number, height: number, horizontal: boolean) =>
  windowSums(values, width, height, DETAIL_RADIUS, horizontal);

interface BlockSums {
  /** Share of the BLOCK × BLOCK block at (x, y) that is garment. */
  cover(x: number, y: number): number;
  /** Mean and spread of the block's values. */
  stats(x: number, y: number): { mean: number; spread: number };
}

/** Summed-area tables of a plane's mask, values and squares: any block's sums in four reads. */
function blockSums(plane: Plane): BlockSums {
  const { width, height } = plane;
  const stride = width + 1;
  const tables = [0, 1, 2].map(() => new Float64Array(stride * (height + 1)));
  const [mask, sum, squares] = tables as [Float64Array, Float64Array, Float64Array];
  for (let y = 0; y < height; y++) {
    let [rowMask, rowSum, rowSquares] = [0, 0, 0];
    for (let x = 0; x < width; x++) {
      const v = plane.l[y * width + x] ?? 0;
      rowMask += plane.mask[y * width + x] ?? 0;
      rowSum += v;
      rowSquares += v * v;
      const at = (y + 1) * stride + x + 1;
      mask[at] = (mask[at - stride] ?? 0) + rowMask;
      sum[at] = (sum[at - stride] ?? 0) + rowSum;
      squares[at] = (squares[at - stride] ?? 0) + rowSquares;
    }
  }
  const block = (table: Float64Array, x: number, y: number) =>
    (table[(y + BLOCK) * stride + x + BLOCK] ?? 0) -
    (table[y * stride + x + BLOCK] ?? 0) -
    (table[(y + BLOCK) * stride + x] ?? 0) +
    (table[y * stride + x] ?? 0);
  const area = BLOCK * BLOCK;
  return {
    cover: (x, y) => block(mask, x, y) / area,
    stats: (x, y) => {
      const mean = block(sum, x, y) / area;
      return { mean, spread: Math.sqrt(Math.max(0, block(squares, x, y) / area - mean * mean)) };
    },
  };
}

/**
 * Share of `from`'s detailed blocks (print, logo, text) found in `to` within REACH of the same
 * place, by normalised cross-correlation of their detail; 1 when `from` has too few to judge.
 */
function blocksFound(from: Plane, to: Plane): number {
  let compared = 0;
  let found = 0;
  const [own, other] = [blockSums(from), blockSums(to)];
  for (let y = 0; y + BLOCK <= from.height; y += BLOCK_STEP) {
    for (let x = 0; x + BLOCK <= from.width; x += BLOCK_STEP) {
      if (own.cover(x, y) < BLOCK_COVER) continue;
      const block = own.stats(x, y);
      if (block.spread < PLAIN_SPREAD) continue;
      let seen = false;
      let match = false;
      const [top, bottom] = [Math.max(0, y - REACH), Math.min(to.height - BLOCK, y + REACH)];
      const [left, right] = [Math.max(0, x - REACH), Math.min(to.width - BLOCK, x + REACH)];
      for (let ty = top; ty <= bottom && !match; ty++) {
        for (let tx = left; tx <= right && !match; tx++) {
          if (other.cover(tx, ty) < BLOCK_COVER) continue;
          seen = true;
          const candidate = other.stats(tx, ty);
          if (candidate.spread < PLAIN_SPREAD / 2) continue;
          let cross = 0;
          for (let dy = 0; dy < BLOCK; dy++) {
            for (let dx = 0; dx < BLOCK; dx++) {
              const p = (from.l[(y + dy) * from.width + x + dx] ?? 0) - block.mean;
              const q = (to.l[(ty + dy) * to.width + tx + dx] ?? 0) - candidate.mean;
              cross += p * q;
            }
          }
          match = cross / (BLOCK * BLOCK * block.spread * candidate.spread) >= MATCH_CORRELATION;
        }
      }
      // A block with no garment near its place on the other side is covered there (an arm,
      // hair): it is not counted either way.
      if (!seen) continue;
      compared++;
      if (match) found++;
    }
  }
  return compared >= LEAST_BLOCKS ? found / compared : 1;
}

/** Scores a result's garment region against the input's. */
export function compareRegions(reference: Region, result: Region): FidelityScore {
  const difference = colourDifference(reference.colours, result.colours);
  // Both garments at the input's size, so a block's place means the same part on both sides.
  const from = detail(reference);
  const to = detail(resampled(result, reference.width, reference.height));
  const structure = Math.min(blocksFound(from, to), blocksFound(to, from));
  const colour = Math.round(difference * 100) / 100;
  return {
    colourDifference: colour,
    patternSimilarity: Math.round(structure * 1000) / 1000,
    passed: colour <= COLOUR_TOLERANCE_DE00 && structure >= PATTERN_MIN_SIMILARITY,
  };
}

/** What a check compares: the part of the outfit, and whether each side shows it worn. */
export interface CheckSpec {
  part: GarmentPart;
  reference: Worn;
  result: Worn;
}
export const WHOLE_GARMENT: CheckSpec = { part: 'auto', reference: 'auto', result: 'auto' };

/** The reference garment's region (the input a result must keep). */
export const referenceRegion = (image: Buffer, segment: Segmenter, spec: CheckSpec) =>
  garmentRegion(image, segment, { part: spec.part, worn: spec.reference });

/** A result's garment region, found with the reference's colours as the guide. */
export const resultRegion = (
  image: Buffer,
  segment: Segmenter,
  spec: CheckSpec,
  reference: Region,
) =>
  garmentRegion(image, segment, { part: spec.part, worn: spec.result, guide: reference.colours });

/**
 * Both garments of a pair. The side found cleanly guides the other: normally the input (a product
 * shot) guides the result; for an extraction (the input worn, the result a product shot) the
 * extracted garment guides the worn source, whose skin-toned or black garment the unguided wearer
 * removal would take for skin or hair. `known` is the input's region when the caller has it.
 */
export async function pairRegions(
  input: Buffer,
  result: Buffer,
  segment: Segmenter,
  spec: CheckSpec,
  known?: Region,
): Promise<{ reference: Region; output: Region }> {
  if (spec.reference === 'yes' && spec.result === 'no') {
    const output = await garmentRegion(result, segment, { part: 'auto', worn: 'no' });
    const reference = await garmentRegion(input, segment, {
      part: spec.part,
      worn: 'yes',
      guide: output.colours,
    });
    return { reference, output };
  }
  const reference = known ?? (await referenceRegion(input, segment, spec));
  return { reference, output: await resultRegion(result, segment, spec, reference) };
}

/**
 * One output scored as the worker scores it: an output in which no garment is found lost it, and
 * fails (an input without one still throws, through `known` or the extraction's guide).
 */
export async function scoreOutput(
  input: Buffer,
  result: Buffer,
  segment: Segmenter,
  spec: CheckSpec,
  known?: Region,
): Promise<FidelityScore> {
  try {
    const { reference, output } = await pairRegions(input, result, segment, spec, known);
    return compareRegions(reference, output);
  } catch (error) {
    if (error instanceof NoGarmentFound) return NO_GARMENT_SCORE;
    throw error;
  }
}

/** The garment in `input` (a cut-out or a photo) against the garment in `result`. */
export async function scoreGarmentFidelity(
  input: Buffer,
  result: Buffer,
  segment: Segmenter,
  spec: CheckSpec = WHOLE_GARMENT,
): Promise<FidelityScore> {
  const { reference, output } = await pairRegions(input, result, segment, spec);
  return compareRegions(reference, output);
}
