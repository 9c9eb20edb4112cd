import sharp from 'sharp';
import type { Segmenter } from '../src/platform/engine/garment-fidelity';

/**
 * A stand-in for the segmentation model in integration tests (the model takes seconds per image and
 * lives in the engine tier): the foreground is every pixel that differs from the corners' colour,
 * which is exact for the plain-background photos the tests upload.
 */
export const plainBackgroundSegmenter: Segmenter = async (image) => {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const at = (x: number, y: number, c: number) => data[(y * width + x) * 3 + c] ?? 0;
  const corner = [0, 1, 2].map(
    (c) =>
      (at(0, 0, c) + at(width - 1, 0, c) + at(0, height - 1, c) + at(width - 1, height - 1, c)) / 4,
  );
  const mask = Buffer.alloc(width * height);
  for (let i = 0; i < width * height; i++) {
    const differs = [0, 1, 2].some((c) => Math.abs((data[i * 3 + c] ?? 0) - (corner[c] ?? 0)) > 24);
    mask[i] = differs ? 255 : 0;
  }
  return { mask, width, height };
};
