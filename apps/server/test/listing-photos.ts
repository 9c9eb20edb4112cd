import sharp from 'sharp';

/*
 * Listing photos for the listing module's tests (issue 33): a dress-like garment on a plain
 * backdrop at a given fill, and a product photo on a wooden table (a busy, non-plain backdrop
 * only the segmentation model can tell from the product).
 */

/** A dress in a unit box: its bounding box is the box. */
const DRESS =
  'M .30 0 L .40 0 Q .50 .12 .60 0 L .70 0 L .74 .30 L .66 .40 L 1 1 Q .5 .96 0 1 L .34 .40 L .26 .30 Z';

export interface PhotoSpec {
  width: number;
  height: number;
  /** Backdrop colour. */
  backdrop: string;
  /** The garment's box: this share of the frame's height (3:4 or narrower), centred. */
  fill: number;
  garment?: string;
}

/** The garment's box in the frame. */
export function garmentBox(spec: Pick<PhotoSpec, 'width' | 'height' | 'fill'>) {
  const height = Math.round(spec.height * spec.fill);
  const width = Math.min(Math.round(height * 0.75), Math.round(spec.width * spec.fill));
  return {
    left: Math.round((spec.width - width) / 2),
    top: Math.round((spec.height - height) / 2),
    width,
    height,
  };
}

function garmentSvg(width: number, height: number, colour: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}" viewBox="0 0 1 1" preserveAspectRatio="none">
    <path d="${DRESS}" fill="${colour}"/>
    <path d="M .45 .45 L .36 .95 M .55 .45 L .64 .95" fill="none" stroke="rgba(0,0,0,0.2)" stroke-width="0.006"/>
  </svg>`);
}

/** A JPEG of the garment on a plain backdrop. */
export async function listingPhoto(spec: PhotoSpec): Promise<Buffer> {
  const box = garmentBox(spec);
  return sharp({
    create: { width: spec.width, height: spec.height, channels: 3, background: spec.backdrop },
  })
    .composite([
      {
        input: garmentSvg(box.width, box.height, spec.garment ?? '#2b4c7e'),
        left: box.left,
        top: box.top,
      },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A small deterministic pseudo-random sequence (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A product photo on a wooden table, from above: planks of grained, knotted wood across the whole
 * frame (no plain border to key), the garment in the middle at about half the frame's height.
 */
export async function woodenTablePhoto(width = 1200, height = 900): Promise<Buffer> {
  const next = random(33);
  const wood = Buffer.alloc(width * height * 3);
  const plank = 150;
  const offsets = Array.from({ length: Math.ceil(height / plank) }, () => next() * 1000);
  const tints = Array.from({ length: offsets.length }, () => 0.85 + next() * 0.3);
  for (let y = 0; y < height; y++) {
    const p = Math.floor(y / plank);
    const seam = y % plank < 3 ? 0.45 : 1;
    for (let x = 0; x < width; x++) {
      const u = x + (offsets[p] ?? 0);
      const grain =
        0.5 + 0.5 * Math.sin(u / 23 + 4 * Math.sin(y / 37 + u / 211) + Math.sin(u / 7) * 0.3);
      const shade = (0.75 + 0.25 * grain) * (tints[p] ?? 1) * seam * (0.96 + next() * 0.08);
      const i = (y * width + x) * 3;
      wood[i] = Math.min(255, 170 * shade);
      wood[i + 1] = Math.min(255, 118 * shade);
      wood[i + 2] = Math.min(255, 72 * shade);
    }
  }
  const box = garmentBox({ width, height, fill: 0.55 });
  return sharp(wood, { raw: { width, height, channels: 3 } })
    .composite([
      { input: garmentSvg(box.width, box.height, '#2b4c7e'), left: box.left, top: box.top },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}
