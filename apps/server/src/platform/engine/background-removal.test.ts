import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { applyAlphaMask } from './background-removal';

function alphaAt(data: Buffer, width: number, x: number, y: number): number {
  return data[(y * width + x) * 4 + 3] ?? -1;
}

describe('applyAlphaMask', () => {
  it('upsamples a small mask onto the full-resolution image', async () => {
    const input = await sharp({
      create: { width: 2000, height: 1500, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    // Left half kept, right half removed, at a quarter of the resolution.
    const mask = Buffer.alloc(500 * 375);
    for (let y = 0; y < 375; y++) mask.fill(255, y * 500, y * 500 + 250);
    const result = await applyAlphaMask(input, mask, 500, 375);
    expect([result.width, result.height]).toEqual([2000, 1500]);
    const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(alphaAt(data, 2000, 100, 750)).toBe(255);
    expect(alphaAt(data, 2000, 1900, 750)).toBe(0);
    expect(alphaAt(data, 2000, 990, 750)).toBeGreaterThan(200);
    expect(alphaAt(data, 2000, 1010, 750)).toBeLessThan(55);
  });

  it('keeps transparency the input already had', async () => {
    const input = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const result = await applyAlphaMask(input, Buffer.alloc(64 * 64, 255), 64, 64);
    const { data } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect(alphaAt(data, 64, 32, 32)).toBe(0);
  });

  it('rejects a mask whose length does not match its size', async () => {
    const input = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(applyAlphaMask(input, Buffer.alloc(10), 8, 8)).rejects.toThrow(/Mask size/);
  });
});
