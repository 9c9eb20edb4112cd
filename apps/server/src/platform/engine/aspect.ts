import type { ASPECT_RATIOS } from '@studio/contract/tools';
import sharp from 'sharp';
import { ENGINE_INPUT_PIXEL_LIMIT, orientedImage, type EngineImage } from './shared';

/** The aspect ratios a tool can ask for. */
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** Width over height of a ratio such as '9:16'. */
export function ratioOf(ratio: AspectRatio): number {
  const [w, h] = ratio.split(':').map(Number);
  return (w ?? 1) / (h ?? 1);
}

/** A canvas of `ratio` whose longer side is `longEdge` px: 9:16 at 1152 is 648 × 1152. */
export function aspectSize(
  ratio: AspectRatio,
  longEdge: number,
): { width: number; height: number } {
  const r = ratioOf(ratio);
  return r >= 1
    ? { width: longEdge, height: Math.round(longEdge / r) }
    : { width: Math.round(longEdge * r), height: longEdge };
}

/**
 * The picture, whole, on a canvas of the asked ratio: the side that is short is extended with
 * the picture's own backdrop (its top-left pixel: the plain studio or flat-lay background the
 * engine keeps), never cropped, so nothing of the garment is lost. A JPEG.
 */
export async function fitToAspect(
  input: Buffer,
  ratio: AspectRatio,
): Promise<EngineImage<'image/jpeg'>> {
  const { data: pixel } = await orientedImage(input)
    .extract({ left: 0, top: 0, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const background = { r: pixel[0] ?? 255, g: pixel[1] ?? 255, b: pixel[2] ?? 255 };
  const meta = await sharp(input, { limitInputPixels: ENGINE_INPUT_PIXEL_LIMIT }).metadata();
  const width = meta.autoOrient.width;
  const height = meta.autoOrient.height;
  if (!width || !height) throw new Error('The image has no readable size.');
  const r = ratioOf(ratio);
  const target =
    width / height > r
      ? { width, height: Math.round(width / r) }
      : { width: Math.round(height * r), height };
  const padX = target.width - width;
  const padY = target.height - height;
  const { data, info } = await orientedImage(input)
    .flatten({ background })
    .extend({
      left: Math.floor(padX / 2),
      right: Math.ceil(padX / 2),
      top: Math.floor(padY / 2),
      bottom: Math.ceil(padY / 2),
      background,
    })
    .jpeg({ quality: 92 })
    .toBuffer({ resolveWithObject: true });
  return { data, contentType: 'image/jpeg', width: info.width, height: info.height };
}
