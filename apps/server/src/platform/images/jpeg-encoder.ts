import type { JpegOptions } from 'sharp';

/**
 * Largest output (in pixels) still encoded with mozjpeg (ADR 042). Measured on the 2-core
 * development machine: mozjpeg costs 9 ms at 256 px and ~110 ms at 1440×1080, which buys about 30 %
 * fewer bytes, but 2.3 s on a 12 MP original and ~1 s on a 2000² upscale, where libjpeg-turbo
 * takes 150–250 ms and 40 ms. Above this size the budgets (ARCHITECTURE §8) win over the bytes.
 */
export const MOZJPEG_MAX_PIXELS = 2_000_000;

/**
 * JPEG encoder settings for an output of this size: mozjpeg (trellis quantisation, its own
 * quantisation table, optimised progressive scans) for small outputs, the plain libjpeg-turbo path
 * of the same library (standard tables, optimised Huffman coding) for large ones. At the same
 * quality setting the turbo path is not worse: on the bench's 12 MP photo it keeps 47.9 dB PSNR to
 * the uploaded pixels against mozjpeg's 36.1 dB, and on the 2000² upscale 42.2 dB for both.
 */
export function jpegOptionsFor(width: number, height: number, quality: number): JpegOptions {
  return width * height <= MOZJPEG_MAX_PIXELS
    ? { quality, mozjpeg: true }
    : { quality, optimiseCoding: true };
}
