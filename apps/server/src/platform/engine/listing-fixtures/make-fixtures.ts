// The listing check's test images (issue 33): a dress-like garment on the backdrops, frames and
// files each marketplace rule tells apart. Deterministic: rerunning rewrites the same pixels.
// Usage: node --import tsx apps/server/src/platform/engine/listing-fixtures/make-fixtures.ts
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { seededRandom } from '../shared';

export interface FixtureSpec {
  width: number;
  height: number;
  /** Backdrop colour; null for a transparent PNG. */
  backdrop: string | null;
  /** Product fill: its box's height share of the frame (the box is 3:4 or narrower). */
  fill: number;
  garment: string;
  /** Fabric grain (standard deviation, levels): what makes a JPEG as heavy as a real photo. */
  grain: number;
  outline?: string;
  encode: (image: Sharp) => Sharp;
}

const jpeg = (quality: number) => (image: Sharp) => image.jpeg({ quality });
const NAVY = '#2b4c7e';

/** Each fixture and what it is for (listing-check.test.ts says which rules each one fails). */
export const FIXTURES: Record<string, FixtureSpec> = {
  /** Amazon's main image as it should be: pure white, 3:4, 1,600 px, fill 90 %. */
  'white.jpg': {
    width: 1200,
    height: 1600,
    backdrop: '#ffffff',
    fill: 0.9,
    garment: NAVY,
    grain: 4,
    encode: jpeg(90),
  },
  'off-white.jpg': {
    width: 1200,
    height: 1600,
    backdrop: '#f4f1ec',
    fill: 0.9,
    garment: NAVY,
    grain: 4,
    encode: jpeg(90),
  },
  /** Myntra's and Flipkart's light grey, 1080 × 1440, heavy enough for Myntra's 500 KB floor. */
  'grey.jpg': {
    width: 1080,
    height: 1440,
    backdrop: '#f0f0f0',
    fill: 0.86,
    garment: '#9c2f3f',
    grain: 30,
    encode: jpeg(97),
  },
  'small.jpg': {
    width: 600,
    height: 800,
    backdrop: '#ffffff',
    fill: 0.9,
    garment: NAVY,
    grain: 4,
    encode: jpeg(90),
  },
  'wrong-aspect.jpg': {
    width: 1600,
    height: 1200,
    backdrop: '#ffffff',
    fill: 0.9,
    garment: NAVY,
    grain: 4,
    encode: jpeg(90),
  },
  'low-fill.jpg': {
    width: 1200,
    height: 1600,
    backdrop: '#ffffff',
    fill: 0.6,
    garment: NAVY,
    grain: 4,
    encode: jpeg(90),
  },
  /** Past Shopify's 4,472 px and 20 MP. */
  'too-large.jpg': {
    width: 4800,
    height: 4800,
    backdrop: '#ffffff',
    fill: 0.9,
    garment: NAVY,
    grain: 0,
    encode: jpeg(80),
  },
  /** AJIO's frame (4:5, fill 80–85 %, 200 KB to 1 MB) on a light off-white. */
  'four-by-five.jpg': {
    width: 1000,
    height: 1250,
    backdrop: '#f4f1ec',
    fill: 0.82,
    garment: '#3f6b4a',
    grain: 20,
    encode: jpeg(92),
  },
  /** The same frame on light grey, saved as CMYK. */
  'cmyk.jpg': {
    width: 1000,
    height: 1250,
    backdrop: '#f0f0f0',
    fill: 0.82,
    garment: '#3f6b4a',
    grain: 2,
    encode: (image) => image.toColourspace('cmyk').jpeg({ quality: 92 }),
  },
  /** A cut-out: the product on transparency. */
  'alpha.png': {
    width: 1200,
    height: 1600,
    backdrop: null,
    fill: 0.9,
    garment: NAVY,
    grain: 0,
    encode: (image) => image.png(),
  },
  /** A white dress on white, seen only by its seams and folds. */
  'white-on-white.jpg': {
    width: 1200,
    height: 1600,
    backdrop: '#ffffff',
    fill: 0.9,
    garment: '#f8f8f8',
    outline: '#b8b8b8',
    grain: 0,
    encode: jpeg(90),
  },
  'white.webp': {
    width: 900,
    height: 1200,
    backdrop: '#ffffff',
    fill: 0.9,
    garment: NAVY,
    grain: 4,
    encode: (image) => image.webp({ quality: 85 }),
  },
};

/** A dress in a unit box (straps, bodice, waist, flared skirt): its bounding box is the box. */
const DRESS =
  'M .30 0 L .40 0 Q .50 .12 .60 0 L .70 0 L .74 .30 L .66 .40 L 1 1 Q .5 .96 0 1 L .34 .40 L .26 .30 Z';
const FOLDS = 'M .45 .45 L .36 .95 M .55 .45 L .64 .95 M .5 .42 L .5 .97';

/** The garment alone, box-sized, on transparency, with its fabric grain. */
async function garment(width: number, height: number, spec: FixtureSpec, seed: number) {
  const stroke = spec.outline ?? 'rgba(0,0,0,0.18)';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}" viewBox="-0.004 -0.003 1.008 1.006" preserveAspectRatio="none">
    <path d="${DRESS}" fill="${spec.garment}" stroke="${stroke}" stroke-width="0.006"/>
    <path d="${FOLDS}" fill="none" stroke="${stroke}" stroke-width="0.004"/>
  </svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (spec.grain > 0) {
    const random = seededRandom(seed);
    const gaussian = () =>
      Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    for (let i = 0; i < info.width * info.height; i++) {
      if ((data[i * 4 + 3] ?? 0) === 0) continue;
      const shade = gaussian() * spec.grain;
      for (let c = 0; c < 3; c++) {
        data[i * 4 + c] = Math.max(0, Math.min(255, (data[i * 4 + c] ?? 0) + shade));
      }
    }
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** The product's box in a frame: `fill` of the height, 3:4 or narrower, centred. */
export function garmentBox(spec: Pick<FixtureSpec, 'width' | 'height' | 'fill'>) {
  const height = Math.round(spec.height * spec.fill);
  const width = Math.min(Math.round(height * 0.75), Math.round(spec.width * spec.fill));
  return {
    left: Math.round((spec.width - width) / 2),
    top: Math.round((spec.height - height) / 2),
    width,
    height,
  };
}

export async function renderFixture(spec: FixtureSpec, seed = 1): Promise<Buffer> {
  const box = garmentBox(spec);
  const product = await garment(box.width, box.height, spec, seed);
  const canvas = sharp({
    create: {
      width: spec.width,
      height: spec.height,
      channels: 4,
      background: spec.backdrop ?? { r: 0, g: 0, b: 0, alpha: 0 },
    },
  }).composite([{ input: product, left: box.left, top: box.top }]);
  const flat = spec.backdrop ? canvas.flatten({ background: spec.backdrop }) : canvas;
  return spec.encode(sharp(await flat.png().toBuffer())).toBuffer();
}

/** Smooth value noise in 0..1 on a lattice of `cell` pixels. */
function valueNoise(seed: number, cell: number) {
  const random = seededRandom(seed);
  const lattice = Array.from({ length: 64 * 64 }, () => random());
  const at = (i: number, j: number) =>
    lattice[(((j % 64) + 64) % 64) * 64 + (((i % 64) + 64) % 64)] ?? 0;
  return (x: number, y: number) => {
    const [u, v] = [x / cell, y / cell];
    const [i, j] = [Math.floor(u), Math.floor(v)];
    const [fx, fy] = [u - i, v - j];
    const [sx, sy] = [fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)];
    const top = at(i, j) * (1 - sx) + at(i + 1, j) * sx;
    const bottom = at(i, j + 1) * (1 - sx) + at(i + 1, j + 1) * sx;
    return top * (1 - sy) + bottom * sy;
  };
}

/** Planks of wood, the grain along them, seams between (a table top seen from above). */
export async function woodTexture(width: number, height: number): Promise<Buffer> {
  const warp = valueNoise(3, 90);
  const fine = valueNoise(5, 6);
  const random = seededRandom(9);
  const plank = Math.round(height / 4);
  const rgb = Buffer.alloc(width * height * 3);
  const dark = [96, 58, 32];
  const light = [196, 146, 96];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = Math.floor(y / plank);
      const ring = Math.sin((y / 9 + 7 * warp(x * 0.5, y + p * 211)) * Math.PI);
      const t = 0.5 + 0.32 * ring + 0.18 * (fine(x * 0.2, y) - 0.5) + (random() - 0.5) * 0.06;
      const seam = y % plank < 3;
      for (let c = 0; c < 3; c++) {
        const value = seam
          ? (dark[c] ?? 0) * 0.55
          : (dark[c] ?? 0) + ((light[c] ?? 0) - (dark[c] ?? 0)) * t;
        rgb[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The committed wood-table.jpg: the dress at 70 % of the height, in red. */
export const WOOD_TABLE: FixtureSpec = {
  width: 1200,
  height: 900,
  backdrop: null,
  fill: 0.7,
  garment: '#b03a48',
  grain: 6,
  encode: jpeg(90),
};

/** A product photo on a wooden table: the dress laid on planks with a soft shadow (engine tier). */
export async function woodTablePhoto(width = 1200, height = 900): Promise<Buffer> {
  const spec: FixtureSpec = { ...WOOD_TABLE, width, height };
  const box = garmentBox(spec);
  const product = await garment(box.width, box.height, spec, 2);
  const shadow = await sharp(product)
    .ensureAlpha()
    .linear([0, 0, 0, 0.45], [0, 0, 0, 0])
    .blur(Math.max(2, width / 150))
    .png()
    .toBuffer();
  const offset = Math.round(width / 120);
  return sharp(await woodTexture(width, height))
    .composite([
      { input: shadow, left: box.left + offset, top: box.top + offset },
      { input: product, left: box.left, top: box.top },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const FIXTURE_DIR = import.meta.dirname;

export const readFixture = (name: string) => fs.readFile(path.join(FIXTURE_DIR, name));

if (process.argv[1] === import.meta.filename) {
  const all = { ...FIXTURES };
  for (const [name, spec] of Object.entries(all)) {
    const data = await renderFixture(spec);
    await fs.writeFile(path.join(FIXTURE_DIR, name), data);
    console.log(
      `${name.padEnd(18)} ${String(spec.width)} × ${String(spec.height)}  ${String(Math.round(data.length / 1024))} KB`,
    );
  }
  const wood = await woodTablePhoto();
  await fs.writeFile(path.join(FIXTURE_DIR, 'wood-table.jpg'), wood);
  console.log(`wood-table.jpg     1200 × 900  ${String(Math.round(wood.length / 1024))} KB`);
}
