import sharp from 'sharp';
import { garmentBox, woodTablePhoto } from '../src/platform/engine/listing-fixtures/make-fixtures';

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

/** A product photo on a wooden table (the engine tier's fixture): only the model finds the product. */
export { woodTablePhoto as woodenTablePhoto };
