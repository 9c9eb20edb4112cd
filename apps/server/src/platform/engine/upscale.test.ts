import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MOZJPEG_MAX_PIXELS } from '../images/jpeg-encoder';
import { UPSCALE_MAX_EDGE, UPSCALE_MAX_PIXELS, upscaleDimensions, upscaleImage } from './upscale';

async function testImage(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#dde4ee"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#b03a2e"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('upscaleDimensions', () => {
  it('multiplies each side for 2x and 4x and sets the long edge for 4k', () => {
    expect(upscaleDimensions(300, 200, '2x')).toEqual({ width: 600, height: 400, capped: false });
    expect(upscaleDimensions(300, 200, '4x')).toEqual({ width: 1200, height: 800, capped: false });
    expect(upscaleDimensions(500, 1000, '4k')).toEqual({
      width: 1920,
      height: 3840,
      capped: false,
    });
  });

  it('caps the long edge at 8192 px', () => {
    const size = upscaleDimensions(3000, 500, '4x');
    expect(size).toEqual({ width: UPSCALE_MAX_EDGE, height: 1365, capped: true });
  });

  it('caps the area at ~36 MP, keeping the aspect ratio', () => {
    const size = upscaleDimensions(2000, 2000, '4x');
    expect(size.capped).toBe(true);
    expect(size.width * size.height).toBeLessThanOrEqual(UPSCALE_MAX_PIXELS);
    expect(size.width).toBe(6000);
    expect(size.height).toBe(6000);
    const odd = upscaleDimensions(3001, 1999, '4x');
    expect(odd.width * odd.height).toBeLessThanOrEqual(UPSCALE_MAX_PIXELS);
    expect(odd.width / odd.height).toBeCloseTo(3001 / 1999, 2);
  });
});

describe('upscaleImage', () => {
  it('doubles a 300×200 image to a 600×400 JPEG', async () => {
    const result = await upscaleImage(await testImage(300, 200), '2x');
    expect(result.contentType).toBe('image/jpeg');
    expect([result.width, result.height]).toEqual([600, 400]);
    const meta = await sharp(result.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 600, 400]);
  });

  it('makes the long edge of a 1000×500 image 3840 for 4k', async () => {
    const result = await upscaleImage(await testImage(1000, 500), '4k');
    expect([result.width, result.height]).toEqual([3840, 1920]);
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height]).toEqual([3840, 1920]);
  }, 30_000);

  it('applies the long-edge cap to a real render', async () => {
    const result = await upscaleImage(await testImage(2400, 300), '4x');
    expect([result.width, result.height]).toEqual([UPSCALE_MAX_EDGE, 1024]);
  }, 30_000);

  it('keeps the picture: the centre stays red and the corner stays pale', async () => {
    const result = await upscaleImage(await testImage(300, 200), '2x');
    const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const [r, g, b] = at(300, 200);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(90);
    expect(b).toBeLessThan(90);
    expect(Math.min(...at(5, 5))).toBeGreaterThan(200);
  });

  it('honours EXIF orientation when computing the size', async () => {
    const rotated = await sharp(await testImage(300, 200))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await upscaleImage(rotated, '2x');
    expect([result.width, result.height]).toEqual([400, 600]);
  });

  // mozjpeg writes optimised progressive scans, the libjpeg-turbo path a baseline JPEG (ADR 042).
  it('encodes a small output with mozjpeg and a large one with libjpeg-turbo, losing no fidelity', async () => {
    const small = await upscaleImage(await testImage(300, 200), '2x');
    expect((await sharp(small.data).metadata()).isProgressive).toBe(true);

    const input = await testImage(1100, 500);
    const large = await upscaleImage(input, '2x');
    expect(large.width * large.height).toBeGreaterThan(MOZJPEG_MAX_PIXELS);
    expect((await sharp(large.data).metadata()).isProgressive).toBe(false);
    // Against the same upscale left unencoded: the JPEG stays within what q92 allows.
    const unencoded = await sharp(input)
      .resize(2200, 1000, { kernel: 'lanczos3', fit: 'fill' })
      .sharpen({ sigma: 0.9, m1: 0.4, m2: 1.6 })
      .removeAlpha()
      .raw()
      .toBuffer();
    const decoded = await sharp(large.data).raw().toBuffer();
    let squared = 0;
    for (let i = 0; i < decoded.length; i++)
      squared += ((decoded[i] ?? 0) - (unencoded[i] ?? 0)) ** 2;
    const psnr = 10 * Math.log10((255 * 255) / (squared / decoded.length));
    expect(psnr).toBeGreaterThan(40);
  });
});
