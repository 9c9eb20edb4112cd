// A product photo on a plain studio sweep for the listing benches: the listing fixtures' dress on
// an off-white backdrop, with a gentle light falloff and sensor grain over the whole frame, so the
// listing check keys the backdrop by colour (no segmentation model) as it would a studio shot.
import sharp from 'sharp';
import { renderFixture } from '../../apps/server/src/platform/engine/listing-fixtures/make-fixtures';

export interface StudioPhotoOptions {
  /** The sweep's colour. */
  backdrop?: string;
  garment?: string;
  /** The dress's box as a share of the frame's height. */
  fill?: number;
  /** JPEG quality. */
  quality?: number;
}

export async function studioPhoto(
  width: number,
  height: number,
  { backdrop = '#f4f1ec', garment = '#2b4c7e', fill = 0.7, quality = 90 }: StudioPhotoOptions = {},
): Promise<Buffer> {
  const flat = await renderFixture({
    width,
    height,
    backdrop,
    fill,
    garment,
    grain: 6,
    encode: (image) => image.png({ compressionLevel: 1 }),
  });
  const falloff = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}">
      <defs><radialGradient id="g" cx="0.5" cy="0.45" r="0.75">
        <stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.05"/>
      </radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 6 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(flat)
    .composite([{ input: falloff }, { input: grain, blend: 'soft-light' }])
    .jpeg({ quality })
    .toBuffer();
}
