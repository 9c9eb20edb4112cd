import { MIB, type SlotRules } from '@studio/contract/listing';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { checkListingImage } from './listing-check';
import { fixListingImage } from './listing-fix';
import { readFixture } from './listing-fixtures/make-fixtures';
import { expectAmazonMain, noModel, pixelCheck, rulesOf } from './listing-fixtures/test-kit';
import { upscaleImage } from './upscale';

/*
 * The fix on the committed images of listing-fixtures/: its output passes the same check, and an
 * independent look at the pixels (listing-fixtures/test-kit.ts, sharp alone) agrees.
 */

const fix = async (name: string, rules: SlotRules, upscale = vi.fn(upscaleImage)) =>
  fixListingImage(await readFixture(name), rules, { segmenter: noModel, upscale });
const recheck = (data: Buffer, rules: SlotRules) =>
  checkListingImage(data, rules, { segmenter: noModel });
const failing = (result: Awaited<ReturnType<typeof recheck>>) =>
  result.checks.filter((c) => !c.passed && c.level === 'required').map((c) => c.rule);

describe('fixListingImage for Amazon’s main image', { timeout: 60_000 }, () => {
  it.each([
    'off-white.jpg',
    'low-fill.jpg',
    'wrong-aspect.jpg',
    'small.jpg',
    'alpha.png',
    'grey.jpg',
  ])('makes %s pass the check, and the pixels agree', async (name) => {
    const rules = rulesOf('amazon');
    expect((await recheck(await readFixture(name), rules)).compliant).toBe(false);
    const fixed = await fix(name, rules);
    expect(fixed.contentType).toBe('image/jpeg');
    const after = await recheck(fixed.data, rules);
    expect(failing(after)).toEqual([]);
    expect(after.compliant).toBe(true);
    await expectAmazonMain(fixed.data);
  });

  it('centres the product at a fill a little over the minimum', async () => {
    const fixed = await fix('low-fill.jpg', rulesOf('amazon'));
    const { fill } = await pixelCheck(fixed.data);
    expect(fill).toBeGreaterThan(0.86);
    expect(fill).toBeLessThan(0.9);
  });

  it('enlarges a small image with the project’s upscaler', async () => {
    const upscale = vi.fn(upscaleImage);
    const fixed = await fix('small.jpg', rulesOf('amazon'), upscale);
    expect(upscale).toHaveBeenCalledWith(expect.any(Buffer), '2x');
    expect([fixed.width, fixed.height]).toEqual([1200, 1600]);
  });

  it('enlarges at most 4× and leaves the pixel rule failing beyond it', async () => {
    const tiny = await sharp(await readFixture('small.jpg'))
      .resize(240, 320)
      .jpeg()
      .toBuffer();
    const upscale = vi.fn(upscaleImage);
    const rules = rulesOf('amazon');
    const fixed = await fixListingImage(tiny, rules, { segmenter: noModel, upscale });
    expect(upscale).toHaveBeenCalledWith(expect.any(Buffer), '4x');
    expect(Math.max(fixed.width, fixed.height)).toBeLessThanOrEqual(320 * 4);
    expect(failing(await recheck(fixed.data, rules))).toEqual(['pixels']);
  });

  it('returns a compliant image as it is', async () => {
    const image = await readFixture('white.jpg');
    const fixed = await fixListingImage(image, rulesOf('amazon'), { segmenter: noModel });
    expect(fixed.data).toBe(image);
  });
});

describe('fixListingImage for the other marketplaces', { timeout: 60_000 }, () => {
  it('puts a product on Myntra’s light grey at 3:4, 1080 × 1440 and 500 KB to 1 MB', async () => {
    const rules = rulesOf('myntra');
    const fixed = await fix('four-by-five.jpg', rules);
    const after = await recheck(fixed.data, rules);
    expect(failing(after)).toEqual([]);
    const pixels = await pixelCheck(fixed.data);
    expect([pixels.width, pixels.height]).toEqual([1080, 1440]);
    expect(pixels.borderMin).toBeGreaterThanOrEqual(240 - 12);
    expect(pixels.borderMax).toBeLessThanOrEqual(240 + 12);
    expect(fixed.data.length).toBeGreaterThanOrEqual(500 * 1024);
  });

  it('names Myntra’s 500 KB floor when a picture with little detail cannot reach it', async () => {
    const rules = rulesOf('myntra');
    const fixed = await fix('white.jpg', rules);
    const after = await recheck(fixed.data, rules);
    expect(failing(after)).toEqual(['file-size']);
    expect(after.checks.find((c) => c.rule === 'file-size')?.message).toMatch(/little detail/);
  });

  it('pads a product too tight for AJIO to 80–85 % at 4:5', async () => {
    const rules = rulesOf('ajio');
    const fixed = await fix('grey.jpg', rules);
    expect(failing(await recheck(fixed.data, rules))).toEqual([]);
    const pixels = await pixelCheck(fixed.data);
    expect(pixels.ratio).toBeCloseTo(0.8, 2);
    expect(pixels.fill).toBeGreaterThanOrEqual(0.8);
    expect(pixels.fill).toBeLessThanOrEqual(0.85);
  });

  it('converts a CMYK JPEG to untagged sRGB for Flipkart', async () => {
    const rules = rulesOf('flipkart');
    const fixed = await fix('cmyk.jpg', rules);
    expect(failing(await recheck(fixed.data, rules))).toEqual([]);
    const pixels = await pixelCheck(fixed.data);
    expect(pixels.space).toBe('srgb');
    expect(pixels.hasProfile).toBe(false);
  });

  it('scales an image down into Shopify’s 4,472 px and 20 MP', async () => {
    const rules = rulesOf('shopify');
    const fixed = await fix('too-large.jpg', rules);
    expect(failing(await recheck(fixed.data, rules))).toEqual([]);
    expect(Math.max(fixed.width, fixed.height)).toBeLessThanOrEqual(4472);
    expect(fixed.width * fixed.height).toBeLessThanOrEqual(20e6);
  });

  it('saves a WebP as JPEG for Etsy, enlarged to the recommended 2,000 px', async () => {
    const rules = rulesOf('etsy');
    const fixed = await fix('white.webp', rules);
    const after = await recheck(fixed.data, rules);
    expect(after.compliant).toBe(true);
    expect(after.checks.every((c) => c.passed)).toBe(true);
    expect(fixed.contentType).toBe('image/jpeg');
  });

  it('keeps the picture’s own backdrop when the slot has no background rule', async () => {
    // Shopify's square main image (a recommendation) pads a 3:4 photo with its backdrop colour.
    const fixed = await fix('off-white.jpg', rulesOf('shopify'));
    const pixels = await pixelCheck(fixed.data);
    expect(pixels.ratio).toBeCloseTo(1, 2);
    const corner = await sharp(fixed.data)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    // The corner is the photo's own off-white (#F4F1EC), extended, not a colour of a rule.
    const off = [0xf4, 0xf1, 0xec].map((v, c) => Math.abs((corner[c] ?? 0) - v));
    expect(Math.max(...off)).toBeLessThanOrEqual(3);
  });

  it('steps the JPEG quality down until the file is under the cap', async () => {
    const rules: SlotRules = {
      format: { ...rulesOf('amazon').format },
      fileSize: { level: 'required', maxBytes: 0.1 * MIB, source: rulesOf('amazon').format.source },
      content: [],
    };
    const fixed = await fix('grey.jpg', rules);
    expect(fixed.data.length).toBeLessThanOrEqual(0.1 * MIB);
    expect(failing(await recheck(fixed.data, rules))).toEqual([]);
  });

  it('writes a PNG where the slot does not take JPEG', async () => {
    const rules: SlotRules = {
      format: { ...rulesOf('amazon').format, formats: ['png'] },
      content: [],
    };
    const fixed = await fix('white.webp', rules);
    expect(fixed.contentType).toBe('image/png');
    expect((await sharp(fixed.data).metadata()).format).toBe('png');
  });
});
