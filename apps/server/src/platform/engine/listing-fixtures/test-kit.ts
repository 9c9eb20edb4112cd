import {
  marketplace,
  type ListingSlot,
  type MarketplaceId,
  type SlotRules,
} from '@studio/contract/listing';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Segmenter } from '../garment-mask';

/** What the listing tests share: the segmenter of a plain backdrop, a slot's rules, a pixel check. */

/** For images on a plain backdrop, which never reach the model: failing if they did. */
export const noModel: Segmenter = () =>
  Promise.reject(new Error('a plain backdrop needs no model'));

export function rulesOf(id: MarketplaceId, slot: ListingSlot = 'main'): SlotRules {
  const rules = marketplace(id).slots[slot];
  if (!rules) throw new Error(`${id} has no ${slot} slot`);
  return rules;
}

/**
 * An independent look at a listing image, with sharp alone and nothing of the checker's: the
 * darkest channel value on the image's outer edge, the product's fill from a threshold (any
 * channel under `threshold` is product; the larger of its box's width and height shares), the
 * long side, the width-to-height ratio and the file type.
 */
export async function pixelCheck(image: Buffer, threshold = 240) {
  const meta = await sharp(image).metadata();
  const { data, info } = await sharp(image)
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const at = (x: number, y: number, c: number) => data[(y * width + x) * 3 + c] ?? 0;
  const darkest = (x: number, y: number) => Math.min(at(x, y, 0), at(x, y, 1), at(x, y, 2));
  const brightest = (x: number, y: number) => Math.max(at(x, y, 0), at(x, y, 1), at(x, y, 2));
  let [borderMin, borderMax] = [255, 0];
  for (let x = 0; x < width; x++) {
    for (const y of [0, height - 1]) {
      borderMin = Math.min(borderMin, darkest(x, y));
      borderMax = Math.max(borderMax, brightest(x, y));
    }
  }
  for (let y = 0; y < height; y++) {
    for (const x of [0, width - 1]) {
      borderMin = Math.min(borderMin, darkest(x, y));
      borderMax = Math.max(borderMax, brightest(x, y));
    }
  }
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (darkest(x, y) >= threshold) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  const fill = right < 0 ? 0 : Math.max((right - left + 1) / width, (bottom - top + 1) / height);
  return {
    format: meta.format,
    space: meta.space,
    hasProfile: meta.hasProfile,
    width,
    height,
    longSide: Math.max(width, height),
    ratio: width / height,
    borderMin,
    borderMax,
    fill,
  };
}

/**
 * Issue 33's pixel check of an Amazon main image: border pixels 255 ± 2, product fill ≥ 85 % by
 * threshold, long side ≥ 1,600 px, 3:4, JPEG.
 */
export async function expectAmazonMain(image: Buffer) {
  const pixels = await pixelCheck(image);
  expect(pixels.format).toBe('jpeg');
  expect(pixels.borderMin).toBeGreaterThanOrEqual(253);
  expect(pixels.fill).toBeGreaterThanOrEqual(0.85);
  expect(pixels.longSide).toBeGreaterThanOrEqual(1600);
  expect(Math.abs(pixels.ratio / 0.75 - 1)).toBeLessThanOrEqual(0.01);
  return pixels;
}
