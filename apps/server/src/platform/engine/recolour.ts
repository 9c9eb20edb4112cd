import sharp from 'sharp';
import { type EngineImage, clamp, orientedImage, parseHexColour, variantIndex } from './shared';

/**
 * Named palettes (hex sRGB). 'auto' is not listed: it rotates the garment's own hues instead (and
 * falls back to 'classic' for black, white and grey garments, which have no hue to rotate).
 */
export const PALETTES = {
  pastel: ['#f4a6b5', '#a8d8ea', '#c9e4c5', '#ffe5a5', '#cdb4db'],
  earth: ['#8b5e3c', '#c19a6b', '#6b7b3a', '#a0522d', '#d2b48c'],
  monochrome: ['#1e1e1e', '#4a4a4a', '#808080', '#b5b5b5', '#e6e6e6'],
  jewel: ['#0f52ba', '#009b77', '#9b111e', '#7b3f9e', '#e0a526'],
  neon: ['#39ff14', '#ff073a', '#0ff0fc', '#ff10f0', '#fff01f'],
  classic: ['#1f3a5f', '#800020', '#2e5e3a', '#c19a6b', '#d4a017'],
} as const satisfies Record<string, readonly string[]>;

export type PaletteName = keyof typeof PALETTES | 'auto';

/** Long edge of the copy used to find the background and the garment's colour clusters. */
const ANALYSIS_EDGE = 512;
/** At most this many distinct garment colours are told apart (each gets its own palette colour). */
const MAX_CLUSTERS = 4;
/** Garment pixels sampled for clustering. */
const MAX_SAMPLES = 12_000;
/** How far each region's lightness moves toward its palette colour (0 keeps it exactly). */
const LIGHTNESS_SHIFT = 0.6;
/** Hue rotations used by 'auto', one per variant. */
export const AUTO_ROTATIONS = [150, 210, 90, 270, 45, 315, 120, 240];

type Lab = [number, number, number];

// --- OKLab conversion (Björn Ottosson), chosen because equal distances look equally different,
// so thresholds and blends behave the same for every hue.

const toLinear = new Float32Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  toLinear[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}
const LINEAR_STEPS = 4096;
const fromLinear = new Uint8Array(LINEAR_STEPS + 1);
for (let i = 0; i <= LINEAR_STEPS; i++) {
  const c = i / LINEAR_STEPS;
  fromLinear[i] = Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
}

function rgbToOklab(r: number, g: number, b: number, out: Lab): Lab {
  const lr = toLinear[r] ?? 0;
  const lg = toLinear[g] ?? 0;
  const lb = toLinear[b] ?? 0;
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  out[0] = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  out[1] = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  out[2] = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return out;
}

const encode = (linear: number): number =>
  linear <= 0 ? 0 : linear >= 1 ? 255 : (fromLinear[(linear * LINEAR_STEPS + 0.5) | 0] ?? 0);

// Cubes are written out as products: `**` goes through Math.pow, which is several times slower
// in this per-pixel hot path.
function oklabToRgb(L: number, a: number, b: number, out: Lab): Lab {
  const l_ = L + 0.3963377774 * a + 0.2158037573 * b;
  const m_ = L - 0.1055613458 * a - 0.0638541728 * b;
  const s_ = L - 0.0894841775 * a - 1.291485548 * b;
  const l = l_ * l_ * l_;
  const m = m_ * m_ * m_;
  const s = s_ * s_ * s_;
  out[0] = encode(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s);
  out[1] = encode(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s);
  out[2] = encode(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s);
  return out;
}

const smoothstep = (edge0: number, edge1: number, x: number): number => {
  const t = clamp((x - edge0) / (edge1 - edge0), 0, 1);
  return t * t * (3 - 2 * t);
};

/** Roughly the largest OKLab chroma sRGB can show at lightness L; keeps shifted colours in gamut. */
const maxChroma = (L: number): number => 1.25 * clamp(L, 0, 1) * clamp(1 - L, 0, 1) + 0.01;

/**
 * How much a pixel is protected as background when the picture has no flat backdrop: near-white
 * and near-black neutrals (paper, walls, deep shadow) stay as they were.
 */
function neutralProtection(L: number, chroma: number): number {
  const neutral = 1 - smoothstep(0.02, 0.05, chroma);
  return neutral * Math.max(smoothstep(0.9, 0.96, L), 1 - smoothstep(0.06, 0.12, L));
}

/** Parses a palette argument into OKLab colours; throws for an unknown name or malformed hex. */
function resolvePalette(palette: string): Lab[] | 'auto' {
  const name = palette.trim().toLowerCase();
  if (name === 'auto' || name === '') return 'auto';
  const hexes: readonly string[] =
    name in PALETTES
      ? PALETTES[name as keyof typeof PALETTES]
      : name.split(/[\s,;]+/).filter(Boolean);
  const colours = hexes.map((hex) => {
    const rgb = parseHexColour(hex);
    if (!rgb) {
      throw new Error(
        `Unknown palette "${palette}": use auto, ${Object.keys(PALETTES).join(', ')} or a list of hex colours.`,
      );
    }
    return rgbToOklab(rgb[0], rgb[1], rgb[2], [0, 0, 0]);
  });
  if (colours.length === 0) throw new Error('The palette has no colours.');
  return colours;
}

interface Analysis {
  /** Flat backdrop colour found along the border, if there is one. */
  backdrop: Lab | undefined;
  /** Background mask at analysis size (255 = background), flood-filled from the border. */
  mask: Buffer;
  width: number;
  height: number;
  clusters: { a: number; b: number; L: number; chroma: number; weight: number }[];
}

const distance3 = (
  L1: number,
  a1: number,
  b1: number,
  L2: number,
  a2: number,
  b2: number,
): number => {
  // Math.hypot guards against overflow we cannot have here and is far slower than sqrt.
  const dL = L1 - L2;
  const da = a1 - a2;
  const db = b1 - b2;
  return Math.sqrt(dL * dL + da * da + db * db);
};

/** Finds a flat backdrop along the border and flood-fills it, so only the garment is recoloured. */
function findBackdrop(lab: Float32Array, alpha: Uint8Array, width: number, height: number) {
  const mask = Buffer.alloc(width * height);
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) border.push(y * width, y * width + width - 1);
  const median = (channel: number): number => {
    const values = border.map((i) => lab[i * 3 + channel] ?? 0).sort((p, q) => p - q);
    return values[Math.floor(values.length / 2)] ?? 0;
  };
  const backdrop: Lab = [median(0), median(1), median(2)];
  const near = (i: number, limit: number): boolean =>
    distance3(lab[i * 3] ?? 0, lab[i * 3 + 1] ?? 0, lab[i * 3 + 2] ?? 0, ...backdrop) < limit;
  const flat = border.filter((i) => near(i, 0.04)).length / border.length;

  // Transparent pixels are background whatever happens next.
  for (let i = 0; i < width * height; i++) if ((alpha[i] ?? 255) < 128) mask[i] = 255;
  if (flat < 0.6) return { backdrop: undefined, mask };

  // Flood fill from the border: a pixel joins if it is close to the backdrop colour overall and
  // very close to the neighbour it was reached from, which follows soft vignettes and gradients
  // of a seamless backdrop without leaking across the garment's edge.
  const stack: number[] = border.filter((i) => near(i, 0.06));
  for (const i of stack) mask[i] = 255;
  while (stack.length > 0) {
    const i = stack.pop() ?? 0;
    const x = i % width;
    const neighbours = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
    for (const n of neighbours) {
      if (n < 0 || n >= width * height || mask[n] === 255) continue;
      const step = distance3(
        lab[i * 3] ?? 0,
        lab[i * 3 + 1] ?? 0,
        lab[i * 3 + 2] ?? 0,
        lab[n * 3] ?? 0,
        lab[n * 3 + 1] ?? 0,
        lab[n * 3 + 2] ?? 0,
      );
      if (step < 0.02 && near(n, 0.1)) {
        mask[n] = 255;
        stack.push(n);
      }
    }
  }
  return { backdrop, mask };
}

/**
 * Groups the garment's pixels by hue/chroma (OKLab a,b) with a small deterministic k-means, then
 * merges groups that are too close to be different colours. Lightness is left out on purpose: a
 * shadowed fold is the same fabric colour, and must stay in the same group as the lit side.
 */
function clusterColours(samples: { L: number; a: number; b: number }[]): Analysis['clusters'] {
  const centroids: { a: number; b: number }[] = [];
  const mean = samples.reduce((s, p) => ({ a: s.a + p.a, b: s.b + p.b }), { a: 0, b: 0 });
  centroids.push({ a: mean.a / samples.length, b: mean.b / samples.length });
  // Farthest-point seeding: deterministic, and it does not invent a second colour that isn't there.
  while (centroids.length < MAX_CLUSTERS) {
    let best = -1;
    let bestDistance = 0.06;
    samples.forEach((p, i) => {
      const c = centroids[nearest(centroids, p.a, p.b)] ?? p;
      const d = Math.hypot(p.a - c.a, p.b - c.b);
      if (d > bestDistance) {
        bestDistance = d;
        best = i;
      }
    });
    const seed = samples[best];
    if (!seed) break;
    centroids.push({ a: seed.a, b: seed.b });
  }
  let assignment = new Int32Array(samples.length);
  for (let iteration = 0; iteration < 10; iteration++) {
    assignment = new Int32Array(samples.map((p) => nearest(centroids, p.a, p.b)));
    for (let c = 0; c < centroids.length; c++) {
      let a = 0;
      let b = 0;
      let n = 0;
      samples.forEach((p, i) => {
        if (assignment[i] === c) {
          a += p.a;
          b += p.b;
          n++;
        }
      });
      if (n > 0) centroids[c] = { a: a / n, b: b / n };
    }
  }
  const stats = centroids.map((c) => ({ ...c, L: 0, chroma: 0, weight: 0 }));
  samples.forEach((p, i) => {
    const s = stats[assignment[i] ?? 0];
    if (!s) return;
    s.L += p.L;
    s.chroma += Math.hypot(p.a, p.b);
    s.weight++;
  });
  let clusters = stats
    .filter((s) => s.weight > 0)
    .map((s) => ({
      a: s.a,
      b: s.b,
      L: s.L / s.weight,
      chroma: s.chroma / s.weight,
      weight: s.weight / samples.length,
    }))
    .sort((p, q) => q.weight - p.weight);
  // Merge near-duplicates and slivers (anti-aliased edges, stitching) into their nearest group.
  let merged = true;
  while (merged && clusters.length > 1) {
    merged = false;
    for (let i = clusters.length - 1; i > 0 && !merged; i--) {
      const small = clusters[i];
      if (!small) continue;
      const others = clusters.slice(0, i);
      const j = nearest(others, small.a, small.b);
      const big = others[j];
      if (!big) continue;
      if (small.weight < 0.04 || Math.hypot(small.a - big.a, small.b - big.b) < 0.05) {
        const w = big.weight + small.weight;
        const mix = (p: number, q: number) => (p * big.weight + q * small.weight) / w;
        clusters[j] = {
          a: mix(big.a, small.a),
          b: mix(big.b, small.b),
          L: mix(big.L, small.L),
          chroma: mix(big.chroma, small.chroma),
          weight: w,
        };
        clusters = clusters.filter((_, k) => k !== i);
        merged = true;
      }
    }
  }
  return clusters.sort((p, q) => q.weight - p.weight);
}

function nearest(centroids: readonly { a: number; b: number }[], a: number, b: number): number {
  let best = 0;
  let bestDistance = Infinity;
  centroids.forEach((c, i) => {
    const d = (c.a - a) ** 2 + (c.b - b) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  });
  return best;
}

async function analyse(input: Buffer): Promise<Analysis> {
  const { data, info } = await orientedImage(input)
    .resize(ANALYSIS_EDGE, ANALYSIS_EDGE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const pixels = width * height;
  const lab = new Float32Array(pixels * 3);
  const alpha = new Uint8Array(pixels);
  const tmp: Lab = [0, 0, 0];
  for (let i = 0; i < pixels; i++) {
    rgbToOklab(data[i * 4] ?? 0, data[i * 4 + 1] ?? 0, data[i * 4 + 2] ?? 0, tmp);
    lab.set(tmp, i * 3);
    alpha[i] = data[i * 4 + 3] ?? 255;
  }
  const { backdrop, mask } = findBackdrop(lab, alpha, width, height);
  const candidates: number[] = [];
  for (let i = 0; i < pixels; i++) {
    if (mask[i] === 255) continue;
    const L = lab[i * 3] ?? 0;
    const chroma = Math.hypot(lab[i * 3 + 1] ?? 0, lab[i * 3 + 2] ?? 0);
    if (!backdrop && neutralProtection(L, chroma) > 0.5) continue;
    candidates.push(i);
  }
  if (candidates.length < pixels * 0.005) {
    throw new Error('Could not find a garment to recolour: the image looks like plain background.');
  }
  // An evenly strided subset is plenty to find a handful of colours and keeps k-means cheap.
  const stride = Math.max(1, Math.floor(candidates.length / MAX_SAMPLES));
  const samples: { L: number; a: number; b: number }[] = [];
  for (let k = 0; k < candidates.length; k += stride) {
    const i = candidates[k] ?? 0;
    samples.push({ L: lab[i * 3] ?? 0, a: lab[i * 3 + 1] ?? 0, b: lab[i * 3 + 2] ?? 0 });
  }
  return { backdrop, mask, width, height, clusters: clusterColours(samples) };
}

/** The colour each garment cluster turns into, in OKLab, plus how to carry pixel detail over. */
interface Mapping {
  centre: { a: number; b: number; L: number; chroma: number };
  /** Replacement chroma axis for fixed colours, or a hue rotation for 'auto'. */
  target:
    | { kind: 'colour'; L: number; a: number; b: number }
    | { kind: 'rotate'; cos: number; sin: number };
}

function buildMappings(
  clusters: Analysis['clusters'],
  palette: Lab[] | 'auto',
  variant: number,
): Mapping[] {
  return clusters.map((centre, j) => {
    if (palette === 'auto') {
      if (centre.chroma >= 0.03) {
        const angle =
          ((AUTO_ROTATIONS[variantIndex(variant, AUTO_ROTATIONS.length)] ?? 180) * Math.PI) / 180;
        return { centre, target: { kind: 'rotate', cos: Math.cos(angle), sin: Math.sin(angle) } };
      }
      const classic = PALETTES.classic;
      const rgb = parseHexColour(
        classic[variantIndex(variant + j, classic.length)] ?? '#1f3a5f',
      ) ?? [31, 58, 95];
      const [L, a, b] = rgbToOklab(rgb[0], rgb[1], rgb[2], [0, 0, 0]);
      return { centre, target: { kind: 'colour', L, a, b } };
    }
    const [L, a, b] = palette[variantIndex(variant + j, palette.length)] ?? [0.5, 0, 0];
    return { centre, target: { kind: 'colour', L, a, b } };
  });
}

/**
 * Real palette recolouring for garments. Each distinct garment colour (found by clustering hue and
 * chroma in OKLab) is mapped to one palette colour — the variant rotates which colour goes where —
 * while per-pixel lightness variation (shading, folds, texture) is kept: lightness only shifts by
 * the same amount across a whole colour region, and chroma keeps its relative variation. A flat
 * backdrop found along the border (white, black or any plain colour) is left untouched, with a
 * per-pixel colour test at its edge so no halo remains. Without a flat backdrop, near-white and
 * near-black neutrals are protected instead, and everything else counts as garment (a busy scene
 * gets recoloured too — isolate the garment first for best results). Output is a JPEG (any
 * transparency is flattened onto white).
 */
export async function recolourGarment(
  input: Buffer,
  palette: string,
  variant: number,
): Promise<EngineImage<'image/jpeg'>> {
  const colours = resolvePalette(palette);
  const analysis = await analyse(input);
  const mappings = buildMappings(analysis.clusters, colours, variant);

  const { data, info } = await orientedImage(input)
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  // The mask is smoothed when upsampled; where it is partial, the per-pixel test below decides.
  const mask =
    analysis.width === width && analysis.height === height
      ? analysis.mask
      : await sharp(analysis.mask, {
          raw: { width: analysis.width, height: analysis.height, channels: 1 },
        })
          .resize(width, height, { fit: 'fill', kernel: 'cubic' })
          .extractChannel(0)
          .raw()
          .toBuffer();

  const backdrop = analysis.backdrop;
  const lab: Lab = [0, 0, 0];
  const rgb: Lab = [0, 0, 0];
  // Flattened per-group constants so the per-pixel loop does no allocation or property lookup.
  const k = mappings.length;
  const weights = new Float64Array(k);
  const centreA = Float64Array.from(mappings, (map) => map.centre.a);
  const centreB = Float64Array.from(mappings, (map) => map.centre.b);
  const sigma2 = 2 * 0.035 ** 2;
  const [backL, backA, backB] = backdrop ?? [0, 0, 0];
  for (let i = 0; i < width * height; i++) {
    const m = mask[i] ?? 0;
    // Solid backdrop: nothing to do, skip the colour maths entirely.
    if (backdrop && m >= 250) continue;
    const p = i * 4;
    const r = data[p] ?? 0;
    const g = data[p + 1] ?? 0;
    const b = data[p + 2] ?? 0;
    rgbToOklab(r, g, b, lab);
    const L = lab[0];
    const a = lab[1];
    const bb = lab[2];
    const chroma = Math.sqrt(a * a + bb * bb);
    let background: number;
    if (backdrop) {
      background = m > 0 ? 1 - smoothstep(0.03, 0.1, distance3(L, a, bb, backL, backA, backB)) : 0;
    } else {
      background = Math.max(m / 255, neutralProtection(L, chroma));
    }
    const weight = 1 - background;
    if (weight <= 0.002) continue;

    // Soft assignment to the colour groups, so boundaries between garment colours blend instead
    // of posterising. Offsetting by the nearest distance keeps exp() from underflowing to zero.
    let minD = Infinity;
    for (let j = 0; j < k; j++) {
      const da = a - (centreA[j] ?? 0);
      const db = bb - (centreB[j] ?? 0);
      const d = da * da + db * db;
      weights[j] = d;
      if (d < minD) minD = d;
    }
    let total = 0;
    for (let j = 0; j < k; j++) {
      const w = Math.exp(-((weights[j] ?? 0) - minD) / sigma2);
      weights[j] = w;
      total += w;
    }
    let newL = 0;
    let newA = 0;
    let newB = 0;
    for (let j = 0; j < k; j++) {
      const map = mappings[j];
      if (!map) continue;
      const w = (weights[j] ?? 0) / total;
      const { centre, target } = map;
      if (target.kind === 'rotate') {
        newL += w * L;
        newA += w * (a * target.cos - bb * target.sin);
        newB += w * (a * target.sin + bb * target.cos);
      } else {
        // Keep the pixel's chroma relative to its group (fabric texture), unless the group is
        // grey, where chroma differences are only noise.
        const ratio = centre.chroma > 0.04 ? clamp(chroma / centre.chroma, 0.4, 1.6) : 1;
        newL += w * (L + LIGHTNESS_SHIFT * (target.L - centre.L));
        newA += w * target.a * ratio;
        newB += w * target.b * ratio;
      }
    }
    newL = clamp(newL, 0, 1);
    const newChroma = Math.sqrt(newA * newA + newB * newB);
    const limit = maxChroma(newL);
    if (newChroma > limit) {
      newA *= limit / newChroma;
      newB *= limit / newChroma;
    }
    oklabToRgb(newL, newA, newB, rgb);
    data[p] = Math.round(r + (rgb[0] - r) * weight);
    data[p + 1] = Math.round(g + (rgb[1] - g) * weight);
    data[p + 2] = Math.round(b + (rgb[2] - b) * weight);
  }

  const out = await sharp(data, { raw: { width, height, channels: 4 } })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 92, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return {
    data: out.data,
    contentType: 'image/jpeg',
    width: out.info.width,
    height: out.info.height,
  };
}
