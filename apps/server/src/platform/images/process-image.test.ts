import { THUMBNAIL_SIZE } from '@studio/contract';
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { MOZJPEG_MAX_PIXELS } from './jpeg-encoder';
import { phoneJpeg } from './test-images';
import { imageDecodeStats, processImage, setImageDecodeConcurrency } from './process-image';

type Rgb = [number, number, number];
const RED: Rgb = [220, 20, 20];
const BLUE: Rgb = [20, 20, 220];
const GREY: Rgb = [128, 128, 128];

/**
 * A tall portrait (600 × 1800, like a full-length fashion shot): a red band where the head is,
 * a blue band where the feet are, grey between. A square centre crop would lose both bands.
 */
async function portrait(): Promise<Buffer> {
  const width = 600;
  const height = 1800;
  const band = 150;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const colour = y < band ? RED : y >= height - band ? BLUE : GREY;
    for (let x = 0; x < width; x++) pixels.set(colour, (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function pixelAt(image: Buffer, x: number, y: number): Promise<Rgb> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
  return [data[at] ?? -1, data[at + 1] ?? -1, data[at + 2] ?? -1];
}

const near = (actual: Rgb, expected: Rgb) =>
  actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= 24);

describe('processImage thumbnails', () => {
  it('keeps the whole figure of a tall portrait: top and bottom survive, nothing is cropped', async () => {
    const { thumbnail } = await processImage(await portrait());
    const { width, height } = await sharp(thumbnail.body).metadata();
    // The long side fits the thumbnail size and the aspect ratio is the original's (1 : 3).
    expect(height).toBe(THUMBNAIL_SIZE);
    expect(width).toBe(Math.round(THUMBNAIL_SIZE / 3));

    const middle = width / 2;
    expect(near(await pixelAt(thumbnail.body, middle, 4), RED)).toBe(true);
    expect(near(await pixelAt(thumbnail.body, middle, height - 5), BLUE)).toBe(true);
    expect(near(await pixelAt(thumbnail.body, middle, height / 2), GREY)).toBe(true);
  });

  it('keeps the preview uncropped too', async () => {
    const { preview, width, height } = await processImage(await portrait());
    const meta = await sharp(preview.body).metadata();
    expect(meta.width / meta.height).toBeCloseTo(width / height, 2);
  });
});

describe('decodes at once (ADR 039)', () => {
  it('never runs more than the configured number, and every queued one completes', async () => {
    setImageDecodeConcurrency(2);
    const inputs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        sharp({
          create: { width: 900 + i * 10, height: 700, channels: 3, background: '#804020' },
        })
          .jpeg()
          .toBuffer(),
      ),
    );
    // Sampled on every turn of the event loop while they run: waiting ones are really queued.
    let queuedSeen = 0;
    let activeSeen = 0;
    let sampling = true;
    const sample = () => {
      const { active, queued } = imageDecodeStats();
      activeSeen = Math.max(activeSeen, active);
      queuedSeen = Math.max(queuedSeen, queued);
      if (sampling) setImmediate(sample);
    };
    sample();
    const outputs = await Promise.all(inputs.map((input) => processImage(input)));
    sampling = false;
    expect(outputs.map((o) => o.width)).toEqual(inputs.map((_, i) => 900 + i * 10));
    expect(activeSeen).toBe(2);
    expect(queuedSeen).toBeGreaterThanOrEqual(5);
    expect(imageDecodeStats()).toMatchObject({ active: 0, queued: 0 });
    expect(imageDecodeStats().peak).toBeLessThanOrEqual(2);
  });
});

describe('the JPEG encoder per size (ADR 042)', () => {
  // mozjpeg writes optimised progressive scans, the libjpeg-turbo path a baseline JPEG: the
  // header tells which encoder made the original.
  it.each([
    ['a small photo: mozjpeg', 800, 600, true],
    ['a photo above the mozjpeg limit: libjpeg-turbo', 2400, 1600, false],
  ])(
    'keeps %s, upright, without EXIF or GPS, with WebP derivatives',
    async (_, width, height, progressive) => {
      const result = await processImage(await phoneJpeg(width, height));
      // Orientation 6 turns the picture a quarter: width and height swap.
      expect([result.width, result.height]).toEqual([height, width]);
      const original = await sharp(result.original.body).metadata();
      expect(result.original.contentType).toBe('image/jpeg');
      expect([original.format, original.width, original.height]).toEqual(['jpeg', height, width]);
      expect(original.exif).toBeUndefined();
      expect(original.orientation ?? 1).toBe(1);
      expect(original.channels).toBe(3);
      expect(original.isProgressive).toBe(progressive);
      expect(width * height > MOZJPEG_MAX_PIXELS).toBe(!progressive);
      const thumbnail = await sharp(result.thumbnail.body).metadata();
      const preview = await sharp(result.preview.body).metadata();
      expect([thumbnail.format, Math.max(thumbnail.width, thumbnail.height)]).toEqual([
        'webp',
        THUMBNAIL_SIZE,
      ]);
      expect(preview.format).toBe('webp');
      expect(preview.width / preview.height).toBeCloseTo(height / width, 2);
      expect(result.thumbhash.length).toBeGreaterThan(0);
    },
  );

  it('keeps the transparency of a PNG and the ThumbHash of an RGB photo as before', async () => {
    const png = await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 4,
        background: { r: 200, g: 0, b: 0, alpha: 0.5 },
      },
    })
      .png()
      .toBuffer();
    const result = await processImage(png);
    const original = await sharp(result.original.body).metadata();
    expect([original.format, original.channels]).toEqual(['png', 4]);
    expect(await pixelAt(result.original.body, 10, 10)).toEqual([200, 0, 0]);
    // Decoded as RGB now, with alpha added only for the hash: the hash of the RGBA decode it had.
    const jpeg = await phoneJpeg(300, 200);
    const rgba = await sharp(jpeg)
      .rotate()
      .ensureAlpha()
      .resize(100, 100, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const expected = rgbaToThumbHash(rgba.info.width, rgba.info.height, rgba.data);
    expect((await processImage(jpeg)).thumbhash).toBe(Buffer.from(expected).toString('base64'));
  });
});

describe('keeping the engine’s own encode (ADR 057)', () => {
  it('stores the bytes as they are when asked, and re-encodes them otherwise', async () => {
    const jpeg = await sharp(await portrait())
      .jpeg({ quality: 100 })
      .toBuffer();

    const kept = await processImage(jpeg, { keepOriginal: true });
    const encoded = await processImage(jpeg);

    expect(kept.original.body.equals(jpeg)).toBe(true);
    expect(kept.original.contentType).toBe('image/jpeg');
    expect(kept.thumbnail.body.equals(encoded.thumbnail.body)).toBe(true);
    expect(encoded.original.body.equals(jpeg)).toBe(false);
  });
});
