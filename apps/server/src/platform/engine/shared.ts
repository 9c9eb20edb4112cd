import sharp, { type Sharp } from 'sharp';

/** What every engine image operation returns: the encoded bytes plus their pixel size. */
export interface EngineImage<ContentType extends string> {
  data: Buffer;
  contentType: ContentType;
  width: number;
  height: number;
}

/**
 * Decoding limit for engine inputs. Uploads are already capped at 40 MP by the upload path, so
 * this only guards against something else handing us a decompression bomb.
 */
export const ENGINE_INPUT_PIXEL_LIMIT = 100_000_000;

/**
 * A sharp pipeline over an input with its EXIF orientation applied up front, so every size we
 * compute matches what the user sees and no operation has to think about orientation again.
 */
export function orientedImage(input: Buffer): Sharp {
  return sharp(input, { autoOrient: true, limitInputPixels: ENGINE_INPUT_PIXEL_LIMIT });
}

/** Display size (orientation applied) of an encoded image, read from its header. */
export async function orientedSize(input: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(input, { limitInputPixels: ENGINE_INPUT_PIXEL_LIMIT }).metadata();
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw new Error('The image has no readable size.');
  return { width, height };
}

/** Variants are free-form integers from the caller; map any of them (negative too) onto 0..n-1. */
export function variantIndex(variant: number, count: number): number {
  const v = Number.isFinite(variant) ? Math.trunc(variant) : 0;
  return ((v % count) + count) % count;
}

/**
 * Small deterministic PRNG (mulberry32). The engine must give the same picture for the same
 * inputs and variant, so nothing here may use Math.random.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string, used to seed per-style randomness. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Escapes text for SVG/XML and drops control characters XML 1.0 cannot carry at all. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- exactly the characters XML forbids
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** Parses '#rgb' or '#rrggbb' (hash optional) into 0..255 channels, or undefined if malformed. */
export function parseHexColour(text: string): [number, number, number] | undefined {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  const hex = match?.[1];
  if (hex === undefined) return undefined;
  const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
  return [
    parseInt(full.slice(0, 2), 16),
    parseInt(full.slice(2, 4), 16),
    parseInt(full.slice(4, 6), 16),
  ];
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}
