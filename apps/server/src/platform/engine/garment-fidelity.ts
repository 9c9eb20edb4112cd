import { convertRgbToLab65, differenceCiede2000 } from 'culori';
import sharp from 'sharp';
import { withImageDecode } from '../images/process-image';
import { orientedImage } from './shared';
import { resizeMask, type SubjectMask } from './video-layers';

/*
 * The garment-fidelity check (ADR 037): how far a result's garment drifted from the garment the
 * user sent, in colour (CIEDE2000 between dominant colours) and in pattern (how the garment's
 * lightness varies and how sharp its edges are, compared as histograms). Histograms rather than a
 * pixel-by-pixel comparison, because a try-on or a new pose drapes, turns and rescales the garment.
 */

/** A one-byte-per-pixel foreground mask (255 = garment or wearer), any size. */
export type ForegroundMask = SubjectMask;

/** Finds the foreground of a photo: the engine's segmentation model in production. */
export type Segmenter = (image: Buffer) => Promise<ForegroundMask>;

/**
 * Largest CIEDE2000 between the input's and the result's dominant garment colours that still
 * reads as "colour true". ΔE00 ≈ 1–2 is a difference only a side-by-side comparison shows; textile
 * and print tolerances sit at 1–3; by 5 a buyer sees another shade and by 8 another colour (ADR 037).
 */
export const COLOUR_TOLERANCE_DE00 = 5;
/** Least pattern similarity (0–1) for a pass: a recoloured print stays above it, a lost one falls below. */
export const PATTERN_MIN_SIMILARITY = 0.7;

export interface FidelityScore {
  /** Weighted CIEDE2000 from each input colour to its nearest result colour. */
  colourDifference: number;
  /** 0–1, histogram intersection of lightness structure and edge strength. */
  patternSimilarity: number;
  passed: boolean;
}

interface Lab {
  l: number;
  a: number;
  b: number;
}
interface Cluster extends Lab {
  weight: number;
}
interface Region {
  /** Lab of each foreground pixel, and its position in the crop (for gradients). */
  pixels: Lab[];
  index: Int32Array;
  width: number;
  height: number;
}

/** Long edge of the garment's bounding box when measured: pattern scale no longer matters. */
const ANALYSIS_EDGE = 128;
/** Long edge an image is decoded at (8 × ANALYSIS_EDGE), before the garment is found and cropped. */
const DECODE_EDGE = 1024;
const FOREGROUND = 128;
/** Pixels of the outline left out at ANALYSIS_EDGE (see erode). */
const EDGE_MARGIN = 1;
const ciede2000 = differenceCiede2000();
const deltaE = (x: Lab, y: Lab) => ciede2000({ mode: 'lab65', ...x }, { mode: 'lab65', ...y });

/**
 * The foreground of an image cropped to its bounding box and scaled to ANALYSIS_EDGE. A cut-out's
 * own transparency is used when it has one (no model run); otherwise `segment` finds it.
 */
export async function garmentRegion(image: Buffer, segment: Segmenter): Promise<Region> {
  // Decoded small and within the process's decode limit (ADR 039): a 40 MP photo's full RGBA is
  // 160 MB, and the garment is measured at ANALYSIS_EDGE, so 1024 px loses nothing even when the
  // garment fills only an eighth of the photo's long edge.
  const decoded = await withImageDecode(() =>
    orientedImage(image)
      .resize({ width: DECODE_EDGE, height: DECODE_EDGE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const { width, height } = decoded.info;
  const rgba = decoded.data;
  let alpha: Buffer = Buffer.alloc(width * height);
  let transparent = 0;
  for (let i = 0; i < width * height; i++) {
    const value = rgba[i * 4 + 3] ?? 255;
    alpha[i] = value;
    if (value < FOREGROUND) transparent++;
  }
  if (transparent === 0) {
    const found = await segment(image);
    alpha = await resizeMask(found, width, height);
  }
  const box = boundingBox(alpha, width, height);
  if (!box) throw new Error('No garment was found in the image.');
  const scale = ANALYSIS_EDGE / Math.max(box.width, box.height);
  const size = {
    width: Math.max(1, Math.round(box.width * scale)),
    height: Math.max(1, Math.round(box.height * scale)),
  };
  const crop = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .extract({ left: box.left, top: box.top, width: box.width, height: box.height })
    .resize(size.width, size.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const cropMask = await sharp(alpha, { raw: { width, height, channels: 1 } })
    .extract({ left: box.left, top: box.top, width: box.width, height: box.height })
    .resize(size.width, size.height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const inside = erode(cropMask, size.width, size.height, EDGE_MARGIN);
  const pixels: Lab[] = [];
  const index = new Int32Array(size.width * size.height).fill(-1);
  for (let i = 0; i < size.width * size.height; i++) {
    if (!inside[i]) continue;
    const lab = convertRgbToLab65({
      r: (crop[i * 4] ?? 0) / 255,
      g: (crop[i * 4 + 1] ?? 0) / 255,
      b: (crop[i * 4 + 2] ?? 0) / 255,
    });
    index[i] = pixels.length;
    pixels.push({ l: lab.l, a: lab.a, b: lab.b });
  }
  return { pixels, index, ...size };
}

/**
 * The mask shrunk by `margin` pixels: a model's matte is soft at the garment's outline, where
 * pixels mix garment and backdrop, and those would count as a colour and an edge of the garment.
 */
function erode(mask: Buffer, width: number, height: number, margin: number): Uint8Array {
  const inside = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let keep = true;
      for (let dy = -margin; dy <= margin && keep; dy++) {
        for (let dx = -margin; dx <= margin && keep; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          keep = nx >= 0 && ny >= 0 && nx < width && ny < height;
          keep &&= (mask[ny * width + nx] ?? 0) >= FOREGROUND;
        }
      }
      inside[y * width + x] = keep ? 1 : 0;
    }
  }
  return inside;
}

function boundingBox(mask: Buffer, width: number, height: number) {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((mask[y * width + x] ?? 0) < FOREGROUND) continue;
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
 * Each input colour (by its share of the garment) against the result colour that is the same part
 * of the garment. A nearest-colour match alone goes wrong once a result drifts: a recoloured dark
 * stripe can sit nearer to the recoloured body's shadow than to itself. So the match is made again
 * with the drift seen in the first match (the share-weighted mean Lab offset) applied, which
 * follows a recolour part by part. The result's foreground holds the wearer too (skin, hair); no
 * garment colour's match lands there unless the garment turned skin-coloured. The first match
 * weighs lightness four times (a recolour keeps light parts light and dark parts dark), the second
 * is by CIEDE2000 after the drift. The result's garment region is the pixels of the matched colours.
 */
function matchColours(reference: readonly Cluster[], result: readonly Cluster[]) {
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
  let weighted = 0;
  let total = 0;
  reference.forEach((colour, i) => {
    const match = result[matches[i] ?? -1];
    if (!match) return;
    weighted += deltaE(colour, match) * colour.weight;
    total += colour.weight;
  });
  return { difference: total > 0 ? weighted / total : Infinity, matched: new Set(matches) };
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

const LIGHTNESS_BINS = 16;
const LIGHTNESS_RANGE = 40;
const EDGE_BINS = 8;
const EDGE_RANGE = 32;

/** Normalised histograms of lightness around the garment's mean, and of edge strength. */
function patternHistograms(region: Region, include: (pixel: number) => boolean) {
  const lightness = new Array<number>(LIGHTNESS_BINS).fill(0);
  const edges = new Array<number>(EDGE_BINS).fill(0);
  const members: number[] = [];
  for (let i = 0; i < region.index.length; i++) {
    const p = region.index[i] ?? -1;
    if (p >= 0 && include(p)) members.push(i);
  }
  const lOf = (i: number) => region.pixels[region.index[i] ?? -1]?.l;
  const meanL = members.reduce((sum, i) => sum + (lOf(i) ?? 0), 0) / Math.max(1, members.length);
  for (const i of members) {
    const l = lOf(i) ?? meanL;
    const bin = Math.floor(
      ((l - meanL + LIGHTNESS_RANGE) / (2 * LIGHTNESS_RANGE)) * LIGHTNESS_BINS,
    );
    count(lightness, bin);
    const x = i % region.width;
    const right = x + 1 < region.width ? lOf(i + 1) : undefined;
    const below = lOf(i + region.width);
    if (right === undefined || below === undefined) continue;
    const magnitude = Math.hypot(right - l, below - l);
    count(edges, Math.floor((magnitude / EDGE_RANGE) * EDGE_BINS));
  }
  return { lightness: normalise(lightness), edges: normalise(edges) };
}

/** Adds one to a bin; values beyond either end count in the end bins. */
function count(histogram: number[], bin: number) {
  const at = Math.min(histogram.length - 1, Math.max(0, bin));
  histogram[at] = (histogram[at] ?? 0) + 1;
}
function normalise(histogram: number[]) {
  const total = histogram.reduce((a, b) => a + b, 0);
  return histogram.map((v) => (total > 0 ? v / total : 0));
}
const intersection = (x: readonly number[], y: readonly number[]) =>
  x.reduce((sum, v, i) => sum + Math.min(v, y[i] ?? 0), 0);

/** Scores a result's garment region against the input's. */
export function compareRegions(reference: Region, result: Region): FidelityScore {
  const referenceColours = dominantColours(reference.pixels, 5, 0.05);
  const resultColours = dominantColours(result.pixels, 8, 0.02);
  const { difference, matched } = matchColours(referenceColours, resultColours);
  // The result's garment: pixels whose nearest dominant colour is one the input's matched.
  const resultAssignment = assign(result.pixels, resultColours);
  const ref = patternHistograms(reference, () => true);
  const out = patternHistograms(result, (p) => matched.has(resultAssignment[p] ?? -1));
  const patternSimilarity =
    (intersection(ref.lightness, out.lightness) + intersection(ref.edges, out.edges)) / 2;
  const colourDifference = Math.round(difference * 100) / 100;
  return {
    colourDifference,
    patternSimilarity: Math.round(patternSimilarity * 1000) / 1000,
    passed:
      colourDifference <= COLOUR_TOLERANCE_DE00 && patternSimilarity >= PATTERN_MIN_SIMILARITY,
  };
}

/** The garment in `input` (a cut-out or a photo) against the garment in `result`. */
export async function scoreGarmentFidelity(
  input: Buffer,
  result: Buffer,
  segment: Segmenter,
): Promise<FidelityScore> {
  const reference = await garmentRegion(input, segment);
  const output = await garmentRegion(result, segment);
  return compareRegions(reference, output);
}
