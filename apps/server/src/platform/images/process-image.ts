import {
  ACCEPTED_IMAGE_TYPES,
  MAX_UPLOAD_PIXELS,
  PREVIEW_SIZE,
  THUMBNAIL_SIZE,
} from '@studio/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { createDecodeLimit } from './decode-limit';
import { jpegOptionsFor } from './jpeg-encoder';

export type ImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

export interface ProcessedImage {
  original: { body: Buffer; contentType: ImageType; ext: string };
  thumbnail: { body: Buffer; contentType: 'image/webp' };
  preview: { body: Buffer; contentType: 'image/webp' };
  width: number;
  height: number;
  thumbhash: string;
}

/** Why an upload was refused; the route maps it to 415 or 422. */
export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError';
  constructor(
    readonly reason: 'unsupported' | 'unreadable' | 'too_many_pixels',
    message: string,
  ) {
    super(message);
  }
}

const extensions: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const isAccepted = (mime: string): mime is ImageType =>
  (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(mime);

/**
 * Decodes this process runs at once (ADR 039): every caller (uploads, inputs fetched by URL,
 * generation outputs, the catalog) shares it. `buildApp` sets `IMAGE_DECODE_CONCURRENCY`; until
 * then (the catalog seed at start) one at a time.
 */
const decodes = createDecodeLimit(1);

export function setImageDecodeConcurrency(limit: number): void {
  decodes.resize(limit);
}

/** Running and waiting decodes, and the most that ever ran at once. */
export const imageDecodeStats = () => decodes.stats();

/** Runs a decode made outside processImage (the engine's garment check) within the same limit. */
export const withImageDecode = <T>(task: () => Promise<T>): Promise<T> => decodes.run(task);

export interface ProcessOptions {
  /**
   * Keeps the input's bytes as the original instead of re-encoding them: only for bytes this
   * server's engine encoded itself (no metadata, upright), whose encoding is the point (a listing
   * image saved at the quality that meets a marketplace's file-size rule, ADR 057).
   */
  keepOriginal?: boolean;
}

/**
 * Turns an uploaded file into what we store: the type decided by magic bytes (never the name or
 * the declared type), the pixel count checked from the header before any decoding, then one decode
 * with orientation applied, from which the re-encoded original (no EXIF, GPS or other metadata),
 * a ~256 px WebP thumbnail, a ~1440 px WebP preview and a ThumbHash are made.
 */
export async function processImage(
  input: Buffer,
  options: ProcessOptions = {},
): Promise<ProcessedImage> {
  const type = input.length === 0 ? undefined : await fileTypeFromBuffer(input);
  if (!type || !isAccepted(type.mime)) {
    throw new ImageRejectedError('unsupported', 'Only JPEG, PNG and WebP images are accepted.');
  }
  let header: Metadata;
  try {
    // Header only (no decode), without the pixel limit, so an oversized image gets its own answer.
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError('unreadable', 'This image is damaged or cannot be read.');
  }
  if ((header.width || 0) * (header.height || 0) > MAX_UPLOAD_PIXELS) {
    throw new ImageRejectedError(
      'too_many_pixels',
      `This image is too large: at most ${String(MAX_UPLOAD_PIXELS / 1_000_000)} megapixels.`,
    );
  }

  // Type and header are checked first: a refused file never waits behind others' decodes.
  const contentType = type.mime;
  return decodes.run(() => decodeAndEncode(input, contentType, options));
}

/** The one decode and the four outputs made from it: the part the limit bounds. */
async function decodeAndEncode(
  input: Buffer,
  contentType: ImageType,
  { keepOriginal }: ProcessOptions,
): Promise<ProcessedImage> {
  const options = { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'truncated' } as const;
  let raw: { data: Buffer; info: OutputInfo };
  try {
    // Channels as decoded (RGB for a JPEG): an alpha channel added here would make every resize
    // and encode below carry a third more bytes for nothing. The ThumbHash adds its own.
    raw = await sharp(input, options)
      .rotate() // apply EXIF orientation before the metadata goes
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRejectedError('unreadable', 'This image is damaged or cannot be read.');
  }
  const { width, height, channels } = raw.info;
  const decoded = () => sharp(raw.data, { raw: { width, height, channels } });

  const encodeOriginal = async () => {
    if (keepOriginal) return input;
    const image = decoded();
    if (contentType === 'image/png') return image.png({ compressionLevel: 9 }).toBuffer();
    if (contentType === 'image/webp') return image.webp({ quality: 90 }).toBuffer();
    // JPEG has no alpha: flatten on white, as a photo editor would.
    // The encoder by size (ADR 042): mozjpeg alone took 2.3 s on a 12 MP original, turbo 0.25 s.
    return image
      .flatten({ background: '#ffffff' })
      .jpeg(jpegOptionsFor(width, height, 90))
      .toBuffer();
  };
  // 'inside', never a crop: a full-length fashion shot keeps its head and feet (ADR 025).
  const resized = (size: number) =>
    decoded().resize(size, size, { fit: 'inside', withoutEnlargement: true });
  const [original, thumbnail, preview, small] = await Promise.all([
    encodeOriginal(),
    resized(THUMBNAIL_SIZE).webp({ quality: 70 }).toBuffer(),
    // Effort 2 of 6: half the encode time of the default 4 for 2 % more bytes at the same PSNR
    // (measured on the bench's 1440 px preview, ADR 042).
    resized(PREVIEW_SIZE).webp({ quality: 82, effort: 2 }).toBuffer(),
    resized(100).toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
  ]);
  const hash = rgbaToThumbHash(small.info.width, small.info.height, small.data);
  return {
    original: { body: original, contentType, ext: extensions[contentType] },
    thumbnail: { body: thumbnail, contentType: 'image/webp' },
    preview: { body: preview, contentType: 'image/webp' },
    width,
    height,
    thumbhash: Buffer.from(hash).toString('base64'),
  };
}
