import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { applyAlphaMask, segment } from './background-removal';

// The model's thread, stood in for: these tests are about what reaches it, not what it answers.
const modelRuns: string[] = [];
vi.mock('./engine-thread', () => ({
  inEngineThread: (
    _task: string,
    _rgba: Uint8Array,
    width: number,
    height: number,
    model: string,
  ) => {
    modelRuns.push(model);
    return Promise.resolve(new Uint8Array(width * height).fill(200));
  },
}));

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

describe('segment', () => {
  it('runs the model once per photo and model, however often or concurrently it is asked', async () => {
    const photo = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#a35' },
    })
      .png()
      .toBuffer();
    const other = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#3a5' },
    })
      .png()
      .toBuffer();
    const before = modelRuns.length;
    const [first, second] = await Promise.all([segment(photo, 'medium'), segment(photo, 'medium')]);
    // Each caller owns its copy: changing one leaves the next answer as the model gave it.
    first.mask.fill(0);
    const third = await segment(Buffer.from(photo), 'medium');
    await segment(photo, 'small');
    await segment(other, 'medium');
    expect(modelRuns.slice(before)).toEqual(['medium', 'small', 'medium']);
    expect([second.width, second.height]).toEqual([40, 30]);
    expect(second.mask.every((byte) => byte === 200)).toBe(true);
    expect(third.mask.every((byte) => byte === 200)).toBe(true);
  });
});
