import { differenceCiede2000 } from 'culori';
import sharp from 'sharp';
import { NoGarmentFound, regionOf } from './garment-fidelity';
import {
  type GarmentMask,
  type MaskOptions,
  type Segmenter,
  dilate,
  garmentMask,
} from './garment-mask';
import { type Lab, labInto } from './lab';
import { type EngineImage, orientedImage, parseHexColour } from './shared';
import { windowSums } from './window-sums';

/*
 * Colourways (issue 36, ADR 063): the garment recoloured to an exact colour, in CIELAB, the space
 * the result is measured in. The garment's dominant colour (the heaviest of its colour clusters,
 * as the garment check finds them) moves to the target by one Lab offset, so every shade of it
 * moves together and its shading and texture (the differences between pixels) stay; pixels of
 * other colours (a print, a logo, a contrast band) stay as they are, and so does everything
 * outside the garment mask. Each output is then measured as it was encoded: ΔE00 to the target of
 * the mean colour of the pixels that were the dominant colour, the mean ΔE00 outside the garment,
 * and the lightness structure inside.
 */

/** Most ΔE00 between the output garment's dominant colour and the target for a pass. */
export const COLOURWAY_MAX_DELTA_E = 3;
/** Most mean ΔE00 outside the garment mask for a pass. */
export const COLOURWAY_MAX_OUTSIDE_DELTA_E = 1;
/** Least mean SSIM contrast-structure term of L* inside the garment for a pass. */
export const COLOURWAY_MIN_STRUCTURE = 0.9;
/**
 * Most share of the recoloured pixels whose new lightness falls past black or white: beyond it the
 * garment's shading is lost in the clipping, as when a black garment is asked to become white.
 * (Chroma clipped at the sRGB gamut's edge is not counted: it takes saturation from deep shadows,
 * not their shading.)
 */
export const COLOURWAY_MAX_CLIPPED = 0.05;

/**
 * A pixel within this distance of the dominant colour's family (see Family) is the dominant
 * colour's and moves fully; past FAR it is another colour of the garment and stays; in between it
 * moves partly.
 */
const NEAR = 14;
const FAR = 26;
/** The family's shading range: lightness of the pixels within this ΔE76 of the dominant colour … */
const CORE_DISTANCE = 25;
/** … from its 2nd to its 98th percentile, widened by this much either side. */
const SHADE_MARGIN = 4;
/** Rounds of offset correction at mask size, for what gamut clipping takes from the target. */
const CORRECTION_ROUNDS = 4;
/** Pixels of the dominant colour the correction simulates. */
const FIT_SAMPLES = 20_000;
/** Window radius of the structure measure (a 7 × 7 window, as SSIM's usual 8 × 8). */
const STRUCTURE_RADIUS = 3;
/** SSIM's C2 for L* (dynamic range 100, K2 0.03). */
const STRUCTURE_C2 = (0.03 * 100) ** 2;
const JPEG_QUALITY = 95;

const ciede2000 = differenceCiede2000();
const deltaE00 = (x: Lab, y: Lab) => ciede2000({ mode: 'lab65', ...x }, { mode: 'lab65', ...y });

export interface ColourwayMeasure {
  /** ΔE00 to the target of the output's mean colour where the source was its dominant colour. */
  deltaE: number;
  /** Mean ΔE00 of the pixels outside the garment mask, source to output. */
  outsideDeltaE: number;
  /** Mean SSIM contrast-structure of L* inside the garment mask, source to output (1 = kept). */
  structure: number;
  /** Share of the recoloured pixels clipped (see COLOURWAY_MAX_CLIPPED). */
  clipped: number;
  /** That mean colour as `#rrggbb`. */
  measured: string;
  passed: boolean;
  /** Why it failed, in words for the user; null when it passed. */
  reason: string | null;
}

export interface Colourway extends EngineImage<'image/jpeg' | 'image/png'> {
  target: string;
  measure: ColourwayMeasure;
}

/** What one photo's colourways share: its garment mask and dominant colour, found once. */
export interface ColourwaySource {
  input: Buffer;
  found: GarmentMask;
  /**
   * The dominant colour of the garment, in Lab: the mean of the pixels wholly of it (the heaviest
   * colour cluster and the pixels near it), which the offset moves to the target.
   */
  dominant: Lab;
  /** How much each mask-size pixel is the dominant colour's (0–1), feathered. */
  weights: Float32Array;
  /**
   * The lightest and darkest the dominant colour may become with at most COLOURWAY_MAX_CLIPPED of
   * its pixels clipped: its shading spans this much below and above it.
   */
  lightness: { min: number; max: number };
  /** The photo at full size, as every colourway of it starts. */
  full: FullSize;
  /** Mask-size pixels wholly of the dominant colour (the colour is measured on them) … */
  members: Uint8Array;
  /** … and those with their whole structure window (the shading is measured on them). */
  interior: Uint8Array;
}

/** The photo at full size with what each pixel's recolour needs, worked out once per photo. */
interface FullSize {
  width: number;
  height: number;
  hasAlpha: boolean;
  rgba: Buffer;
  lab: Float32Array;
  /** How far each pixel moves, as a share of the offset (0 for most of the photo). */
  share: Float32Array;
  /** The pixels with a share, so a colourway visits only them. */
  moving: Uint32Array;
}

/**
 * Finds the garment and its dominant colour, and works out once what every colourway of the photo
 * shares; throws NoGarmentFound when there is no garment.
 */
export async function colourwaySource(
  input: Buffer,
  segment: Segmenter,
  options: MaskOptions,
): Promise<ColourwaySource> {
  const found = await garmentMask(input, segment, options);
  const colours = regionOf(found).colours;
  const dominant = colours.reduce((a, b) => (b.weight > a.weight ? b : a), {
    l: 0,
    a: 0,
    b: 0,
    weight: -1,
  });
  if (dominant.weight < 0) throw new NoGarmentFound();
  const family = familyOf(found, dominant);
  const weights = dominantWeights(found, family);
  const members = Uint8Array.from(weights, (w) => (w >= 0.999 ? 1 : 0));
  const base = meanWhere(found.lab, members);
  return {
    input,
    found,
    dominant: base,
    weights,
    lightness: lightnessRoom(found, weights, base),
    full: await fullSize(input, found, family),
    members,
    interior: interiorOf(members, found.width, found.height),
  };
}

/** The photo decoded at full size, in Lab, with each pixel's share of the recolour (see `shares`). */
async function fullSize(input: Buffer, found: GarmentMask, family: Family): Promise<FullSize> {
  const decoded = await orientedImage(input)
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = decoded.info;
  const region = await regionAt(found, width, height);
  const lab = new Float32Array(width * height * 3);
  const share = shares(decoded.data, lab, width, height, region, family);
  let count = 0;
  for (const v of share) if (v > 0) count++;
  const moving = new Uint32Array(count);
  for (let i = 0, k = 0; i < share.length; i++) if ((share[i] ?? 0) > 0) moving[k++] = i;
  return {
    width,
    height,
    hasAlpha: (await sharp(input).metadata()).hasAlpha,
    rgba: decoded.data,
    lab,
    share,
    moving,
  };
}

/** How far the dominant colour's lightness can move before its shading clips (see `lightness`). */
function lightnessRoom(found: GarmentMask, weights: Float32Array, dominant: Lab) {
  const shades: number[] = [];
  weights.forEach((w, i) => {
    if (w >= 0.5) shades.push(found.lab[i * 3] ?? 0);
  });
  shades.sort((x, y) => x - y);
  const at = (q: number) => shades[Math.floor(q * (shades.length - 1))] ?? dominant.l;
  // A margin under the limit: the output is measured at full size, this at mask size.
  const spare = COLOURWAY_MAX_CLIPPED * 0.6;
  return {
    min: Math.max(0, dominant.l - at(spare)),
    max: Math.min(100, dominant.l + (100 - at(1 - spare))),
  };
}

/**
 * The dominant colour and its shades as one family: its chroma (a, b) at its own lightness, and the
 * range of lightness its shading spans (the pixels near it, a few outliers left out). A pixel is
 * of the family when, brought to the dominant lightness, its chroma is near and its lightness is
 * within the range: so a fold's shadow is the garment's colour while a black print on a white tee,
 * whose chroma is as near but whose lightness is far outside the tee's shading, is not.
 */
interface Family {
  l: number;
  a: number;
  b: number;
  low: number;
  high: number;
}

function familyOf(found: GarmentMask, dominant: Lab): Family {
  const shades: number[] = [];
  const { lab, mask } = found;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const [l, a, b] = [lab[i * 3] ?? 0, lab[i * 3 + 1] ?? 0, lab[i * 3 + 2] ?? 0];
    if (Math.hypot(l - dominant.l, a - dominant.a, b - dominant.b) <= CORE_DISTANCE) shades.push(l);
  }
  shades.sort((x, y) => x - y);
  const at = (q: number) => shades[Math.floor(q * (shades.length - 1))] ?? dominant.l;
  return {
    l: dominant.l,
    a: dominant.a,
    b: dominant.b,
    low: at(0.02) - SHADE_MARGIN,
    high: at(0.98) + SHADE_MARGIN,
  };
}

function dominantWeights(found: GarmentMask, dominant: Family): Float32Array {
  const { width, height, lab, mask } = found;
  // The mask's edge is feathered by a 3 × 3 box blur, so the recolour fades over a pixel instead
  // of stepping; a print's edges are not blurred: there the colour distance alone decides, as the
  // source's own anti-aliasing already mixes print and body.
  const rows = windowSums(mask, width, height, 1, true);
  const soft = windowSums(rows, width, height, 1, false);
  const weights = new Float32Array(width * height);
  for (let i = 0; i < weights.length; i++) {
    const edge = (soft[i] ?? 0) / 9;
    if (edge === 0) continue;
    weights[i] =
      edge * closeness(lab[i * 3] ?? 0, lab[i * 3 + 1] ?? 0, lab[i * 3 + 2] ?? 0, dominant);
  }
  return weights;
}

/** The photo's garment recoloured to `target` (`#rrggbb`), measured. */
export async function makeColourway(source: ColourwaySource, target: string): Promise<Colourway> {
  const rgbTarget = parseHexColour(target);
  if (!rgbTarget) throw new Error(`Not a colour: ${target}`);
  const goal: Lab = labOf(rgbTarget[0], rgbTarget[1], rgbTarget[2]);
  const offset = fittedOffset(source, goal);

  const { width, height, hasAlpha } = source.full;
  const pixels = Buffer.from(source.full.rgba);
  const clipped = recolourPixels(source.full, pixels, offset);
  const image = sharp(pixels, { raw: { width, height, channels: 4 } });
  const data = hasAlpha
    ? await image.png().toBuffer()
    : await image
        .removeAlpha()
        .jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:4:4' })
        .toBuffer();
  const measure = await measureColourway(source, data, goal, clipped);
  return {
    data,
    contentType: hasAlpha ? 'image/png' : 'image/jpeg',
    width,
    height,
    target: target.toLowerCase(),
    measure,
  };
}

/**
 * The Lab offset that brings the mean of the dominant colour's pixels to `goal` once they are put
 * back in sRGB: the plain difference first, then corrected, a few rounds, by what clipping at the
 * gamut's edge took (simulated on a sample of those pixels at mask size).
 */
function fittedOffset(source: ColourwaySource, goal: Lab): Lab {
  const { found } = source;
  const members: number[] = [];
  source.members.forEach((v, i) => {
    if (v) members.push(i);
  });
  const step = Math.max(1, Math.floor(members.length / FIT_SAMPLES));
  const sample = members.filter((_, k) => k % step === 0);
  const at = (i: number, c: number) => found.lab[i * 3 + c] ?? 0;
  const start = source.dominant;
  const offset = { l: goal.l - start.l, a: goal.a - start.a, b: goal.b - start.b };
  const out = new Uint8Array(3);
  for (let round = 0; round < CORRECTION_ROUNDS; round++) {
    const reached = meanOf(
      sample.map((i) => labOf(...shiftedRgb(at(i, 0), at(i, 1), at(i, 2), offset, out))),
    );
    const miss = { l: goal.l - reached.l, a: goal.a - reached.a, b: goal.b - reached.b };
    if (Math.hypot(miss.l, miss.a, miss.b) < 0.3) break;
    offset.l += miss.l;
    offset.a += miss.a;
    offset.b += miss.b;
  }
  return offset;
}

function meanOf(colours: readonly Lab[]): Lab {
  const sum = { l: 0, a: 0, b: 0 };
  for (const c of colours) [sum.l, sum.a, sum.b] = [sum.l + c.l, sum.a + c.a, sum.b + c.b];
  const n = Math.max(1, colours.length);
  return { l: sum.l / n, a: sum.a / n, b: sum.b / n };
}

/**
 * Where the garment may be at full size: its mask grown by a pixel (to take in the edge pixels that
 * mix it with the backdrop), feathered, scaled up. Which of those pixels move, and how far, their
 * own colour decides (recolourPixels).
 */
async function regionAt(found: GarmentMask, width: number, height: number) {
  const grown = dilate(found.mask, found.width, found.height, 1);
  const rows = windowSums(grown, found.width, found.height, 1, true);
  const soft = windowSums(rows, found.width, found.height, 1, false);
  const bytes = Uint8Array.from(soft, (sum) => Math.round((sum / 9) * 255));
  if (found.width === width && found.height === height) return bytes;
  return sharp(bytes, { raw: { width: found.width, height: found.height, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** How much a colour is of the dominant colour's family by its distance alone (1 near, 0 far). */
function closeness(l: number, a: number, b: number, family: Family): number {
  const outside = l < family.low ? family.low - l : l > family.high ? l - family.high : 0;
  // A shade's chroma shrinks with its lightness; brought to the family's lightness it compares.
  const scale = Math.min(2, Math.max(0.5, family.l / Math.max(1, l)));
  const d = Math.hypot(outside, a * scale - family.a, b * scale - family.b);
  return d <= NEAR ? 1 : d >= FAR ? 0 : (FAR - d) / (FAR - NEAR);
}

/** Neighbours looked at to unmix an edge pixel (a 5 × 5 window). */
const UNMIX_RADIUS = 2;
/** ΔE76 within which a pixel is taken for the other colour itself rather than a mix with it. */
const UNMIX_GRAIN = 6;

/**
 * How far each pixel of the garment region moves, as a share of the offset: how much of it is the
 * dominant colour. A pixel near the dominant colour moves fully; one on an edge, mixing it with
 * another colour (a print, a band, the backdrop), moves by its share of the dominant colour, found
 * by projecting it on the line from the other colour (its neighbour farthest from the dominant one)
 * to the dominant colour: so anti-aliased edges stay anti-aliased instead of keeping a fringe of
 * the old colour. Fills `lab` with the region's pixels in Lab on the way.
 */
function shares(
  rgba: Buffer,
  lab: Float32Array,
  width: number,
  height: number,
  region: Uint8Array,
  family: Family,
): Float32Array {
  const count = width * height;
  const near = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    if (!region[i]) continue;
    const p = i * 4;
    labInto(lab, i * 3, rgba[p] ?? 0, rgba[p + 1] ?? 0, rgba[p + 2] ?? 0);
    near[i] = closeness(lab[i * 3] ?? 0, lab[i * 3 + 1] ?? 0, lab[i * 3 + 2] ?? 0, family);
  }
  // Pixels within UNMIX_RADIUS of one wholly dominant: only these can be an edge to unmix.
  const whole = new Uint8Array(count);
  for (let i = 0; i < count; i++) if ((near[i] ?? 0) >= 1) whole[i] = 1;
  const touching = windowSums(
    windowSums(whole, width, height, UNMIX_RADIUS, true),
    width,
    height,
    UNMIX_RADIUS,
    false,
  );
  const share = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const inside = (region[i] ?? 0) / 255;
    if (inside === 0) continue;
    let own = near[i] ?? 0;
    if (own < 1 && (touching[i] ?? 0) > 0) {
      own = Math.max(own, unmixedShare(lab, width, height, i, family));
    }
    share[i] = own * inside;
  }
  return share;
}

/**
 * Writes into `pixels` (a copy of the photo) each moving pixel shifted by its share of `offset`;
 * answers the share of clipped pixels among those moved at least half.
 */
function recolourPixels(full: FullSize, pixels: Buffer, offset: Lab): number {
  const { lab, share, moving } = full;
  const out = new Uint8Array(3);
  const shift = { l: 0, a: 0, b: 0 };
  let moved = 0;
  let clipped = 0;
  for (const i of moving) {
    const w = share[i] ?? 0;
    // Plain assignments: this loop runs for every garment pixel, and array destructuring here
    // allocated (a third of the time on a 2 MP photo).
    shift.l = offset.l * w;
    shift.a = offset.a * w;
    shift.b = offset.b * w;
    const wasClipped = shiftInto(
      lab[i * 3] ?? 0,
      lab[i * 3 + 1] ?? 0,
      lab[i * 3 + 2] ?? 0,
      shift,
      out,
    );
    if (w >= 0.5) {
      moved++;
      if (wasClipped) clipped++;
    }
    const p = i * 4;
    pixels[p] = out[0] ?? 0;
    pixels[p + 1] = out[1] ?? 0;
    pixels[p + 2] = out[2] ?? 0;
  }
  return moved === 0 ? 0 : clipped / moved;
}

/**
 * The dominant colour's share of pixel `i`, next to a pixel wholly of the dominant colour, as a mix
 * of it and the colour within UNMIX_RADIUS farthest from it.
 */
function unmixedShare(
  lab: Float32Array,
  width: number,
  height: number,
  i: number,
  dominant: Lab,
): number {
  const [x, y] = [i % width, Math.floor(i / width)];
  let other = -1;
  let farthest = -1;
  for (let dy = -UNMIX_RADIUS; dy <= UNMIX_RADIUS; dy++) {
    const ny = y + dy;
    if (ny < 0 || ny >= height) continue;
    for (let dx = -UNMIX_RADIUS; dx <= UNMIX_RADIUS; dx++) {
      const nx = x + dx;
      if (nx < 0 || nx >= width) continue;
      const j = ny * width + nx;
      const dl = (lab[j * 3] ?? 0) - dominant.l;
      const da = (lab[j * 3 + 1] ?? 0) - dominant.a;
      const db = (lab[j * 3 + 2] ?? 0) - dominant.b;
      const d = dl * dl + da * da + db * db;
      if (d > farthest) [farthest, other] = [d, j];
    }
  }
  if (other < 0) return 0;
  // t of the pixel on the line other → dominant: pixel = other + t (dominant − other).
  const [ol, oa, ob] = [lab[other * 3] ?? 0, lab[other * 3 + 1] ?? 0, lab[other * 3 + 2] ?? 0];
  const [vl, va, vb] = [dominant.l - ol, dominant.a - oa, dominant.b - ob];
  const length2 = vl * vl + va * va + vb * vb;
  if (length2 < 1) return 0;
  const [pl, pa, pb] = [
    (lab[i * 3] ?? 0) - ol,
    (lab[i * 3 + 1] ?? 0) - oa,
    (lab[i * 3 + 2] ?? 0) - ob,
  ];
  const t = (pl * vl + pa * va + pb * vb) / length2;
  // A pixel within a few ΔE76 of the other colour is that colour (a print's own grain), not a mix:
  // its share fades in from UNMIX_GRAIN to twice it.
  const apart = Math.hypot(pl, pa, pb);
  const mixed = Math.min(1, Math.max(0, (apart - UNMIX_GRAIN) / UNMIX_GRAIN));
  return Math.min(1, Math.max(0, t)) * mixed;
}

function shiftedRgb(l: number, a: number, b: number, offset: Lab, out: Uint8Array) {
  shiftInto(l, a, b, offset, out);
  return [out[0] ?? 0, out[1] ?? 0, out[2] ?? 0] as const;
}

// --- Lab to sRGB bytes (D65, as lab.ts), with a lookup for the sRGB transfer curve.

const WHITE = { x: 0.3127 / 0.329, y: 1, z: (1 - 0.3127 - 0.329) / 0.329 };
const EPSILON = 216 / 24389;
const KAPPA = 24389 / 27;
const finv = (t: number) => {
  const cube = t * t * t;
  return cube > EPSILON ? cube : (116 * t - 16) / KAPPA;
};
const ENCODE_STEPS = 4096;
const ENCODE = Uint8Array.from({ length: ENCODE_STEPS + 1 }, (_, i) => {
  const c = i / ENCODE_STEPS;
  return Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
});
const encode = (linear: number) =>
  ENCODE[Math.round(Math.min(1, Math.max(0, linear)) * ENCODE_STEPS)] ?? 0;

/** (l, a, b) moved by `offset`, as sRGB bytes into `out`; whether its lightness was clipped. */
function shiftInto(l: number, a: number, b: number, offset: Lab, out: Uint8Array): boolean {
  const rawL = l + offset.l;
  const nl = Math.min(100, Math.max(0, rawL));
  const fy = (nl + 16) / 116;
  const x = finv(fy + (a + offset.a) / 500) * WHITE.x;
  const y = finv(fy) * WHITE.y;
  const z = finv(fy - (b + offset.b) / 200) * WHITE.z;
  const lr = 3.2409699419045226 * x - 1.537383177570094 * y - 0.4986107602930034 * z;
  const lg = -0.9692436362808796 * x + 1.8759675015077202 * y + 0.04155505740717559 * z;
  const lb = 0.05563007969699366 * x - 0.20397695888897652 * y + 1.0569715142428786 * z;
  out[0] = encode(lr);
  out[1] = encode(lg);
  out[2] = encode(lb);
  return rawL < -1 || rawL > 101;
}

function labOf(r: number, g: number, b: number): Lab {
  const out = new Float64Array(3);
  labInto(out, 0, r, g, b);
  return { l: out[0] ?? 0, a: out[1] ?? 0, b: out[2] ?? 0 };
}

export const hexOfLab = (colour: Lab) => {
  const out = new Uint8Array(3);
  shiftInto(colour.l, colour.a, colour.b, { l: 0, a: 0, b: 0 }, out);
  return `#${Array.from(out, (v) => v.toString(16).padStart(2, '0')).join('')}`;
};

/**
 * The encoded output read back at mask size (as the mask was made) and compared with the source:
 * its garment's dominant colour to the goal, the pixels outside the garment, and the garment's
 * lightness structure.
 */
async function measureColourway(
  source: ColourwaySource,
  output: Buffer,
  goal: Lab,
  clipped: number,
): Promise<ColourwayMeasure> {
  const { found } = source;
  const { width, height, mask } = found;
  const { data } = await sharp(output)
    .resize(width, height, { fit: 'fill' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const lab = new Float32Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    labInto(lab, i * 3, data[i * 3] ?? 0, data[i * 3 + 1] ?? 0, data[i * 3 + 2] ?? 0);
  }
  const dominant = meanWhere(lab, source.members);
  const deltaE = deltaE00(dominant, goal);
  const outsideDeltaE = meanOutside(found.lab, lab, mask);
  const structure = lightnessStructure(found.lab, lab, source.interior, width, height);
  const reason =
    clipped > COLOURWAY_MAX_CLIPPED
      ? tooFarMessage(source, goal)
      : deltaE > COLOURWAY_MAX_DELTA_E
        ? `The garment came out ΔE ${deltaE.toFixed(1)} from this colour (at most ${String(COLOURWAY_MAX_DELTA_E)}).`
        : outsideDeltaE > COLOURWAY_MAX_OUTSIDE_DELTA_E
          ? 'The recolour reached past the garment.'
          : structure < COLOURWAY_MIN_STRUCTURE
            ? 'The garment’s shading and texture did not survive the recolour.'
            : null;
  return {
    deltaE,
    outsideDeltaE,
    structure,
    clipped,
    measured: hexOfLab(dominant),
    passed: reason === null,
    reason,
  };
}

/** The mean Lab of the pixels `where` marks. */
function meanWhere(lab: Float32Array, where: Uint8Array): Lab {
  const sum = { l: 0, a: 0, b: 0 };
  let n = 0;
  for (let i = 0; i < where.length; i++) {
    if (!where[i]) continue;
    sum.l += lab[i * 3] ?? 0;
    sum.a += lab[i * 3 + 1] ?? 0;
    sum.b += lab[i * 3 + 2] ?? 0;
    n++;
  }
  return n === 0 ? sum : { l: sum.l / n, a: sum.a / n, b: sum.b / n };
}

/**
 * The pixels wholly of the dominant colour with their whole structure window: what was recoloured
 * and must keep its shading. A window across a print's edge is left out, since the contrast
 * between a recoloured body and an unchanged print changes by design.
 */
function interiorOf(members: Uint8Array, width: number, height: number): Uint8Array {
  const size = (2 * STRUCTURE_RADIUS + 1) ** 2;
  const rows = windowSums(members, width, height, STRUCTURE_RADIUS, true);
  const sums = windowSums(rows, width, height, STRUCTURE_RADIUS, false);
  return Uint8Array.from(sums, (sum) => (sum >= size - 0.5 ? 1 : 0));
}

/**
 * Why a colour too light or too dark for the garment's shading failed, with the nearest colour of
 * the same hue that keeps it (a fabric white instead of #ffffff, say).
 */
function tooFarMessage(source: ColourwaySource, goal: Lab): string {
  const { min, max } = source.lightness;
  const lighter = goal.l > source.dominant.l;
  const nearest = hexOfLab({ ...goal, l: Math.min(max, Math.max(min, goal.l)) });
  return `This colour is too ${lighter ? 'light' : 'dark'} for this garment: its shading would be lost. The nearest that keeps it is ${nearest}.`;
}

/** Pixels outside the garment whose ΔE00 is averaged (evenly spread): enough for a mean. */
const OUTSIDE_SAMPLES = 20_000;

/** Mean ΔE00 over the pixels outside the mask (a sample); identical pixels are 0 without the formula. */
function meanOutside(before: Float32Array, after: Float32Array, mask: Uint8Array): number {
  let sum = 0;
  let count = 0;
  const step = Math.max(1, Math.floor(mask.length / OUTSIDE_SAMPLES));
  for (let i = 0; i < mask.length; i += step) {
    if (mask[i]) continue;
    count++;
    const [l0, a0, b0] = [before[i * 3] ?? 0, before[i * 3 + 1] ?? 0, before[i * 3 + 2] ?? 0];
    const [l1, a1, b1] = [after[i * 3] ?? 0, after[i * 3 + 1] ?? 0, after[i * 3 + 2] ?? 0];
    if (Math.abs(l0 - l1) + Math.abs(a0 - a1) + Math.abs(b0 - b1) < 0.05) continue;
    sum += deltaE00({ l: l0, a: a0, b: b0 }, { l: l1, a: a1, b: b1 });
  }
  return count === 0 ? 0 : sum / count;
}

/**
 * SSIM's contrast-structure term of L*, averaged over `region`: (2σxy + C2) / (σx² + σy² + C2)
 * over 7 × 7 windows. SSIM's luminance term is left out on purpose: a colourway must move the
 * garment's lightness to reach its colour; what must stay is the pattern of light and dark.
 */
function lightnessStructure(
  before: Float32Array,
  after: Float32Array,
  region: Uint8Array,
  width: number,
  height: number,
): number {
  const count = width * height;
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  for (let i = 0; i < count; i++) [x[i], y[i]] = [before[i * 3] ?? 0, after[i * 3] ?? 0];
  const boxMean = (values: Float32Array) => {
    const sums = windowSums(
      windowSums(values, width, height, STRUCTURE_RADIUS, true),
      width,
      height,
      STRUCTURE_RADIUS,
      false,
    );
    const ones = windowSums(
      windowSums(new Float32Array(count).fill(1), width, height, STRUCTURE_RADIUS, true),
      width,
      height,
      STRUCTURE_RADIUS,
      false,
    );
    return sums.map((s, i) => s / (ones[i] ?? 1));
  };
  const mx = boxMean(x);
  const my = boxMean(y);
  const mxx = boxMean(x.map((v) => v * v));
  const myy = boxMean(y.map((v) => v * v));
  const mxy = boxMean(x.map((v, i) => v * (y[i] ?? 0)));
  let sum = 0;
  let n = 0;
  for (let i = 0; i < count; i++) {
    if (!region[i]) continue;
    const vx = Math.max(0, (mxx[i] ?? 0) - (mx[i] ?? 0) ** 2);
    const vy = Math.max(0, (myy[i] ?? 0) - (my[i] ?? 0) ** 2);
    const cxy = (mxy[i] ?? 0) - (mx[i] ?? 0) * (my[i] ?? 0);
    sum += (2 * cxy + STRUCTURE_C2) / (vx + vy + STRUCTURE_C2);
    n++;
  }
  return n === 0 ? 1 : sum / n;
}
