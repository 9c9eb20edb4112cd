import { marketplace } from '@studio/contract/listing';
import { describe, expect, it } from 'vitest';
import { checkListingImage } from './listing-check';
import { fixListingImage } from './listing-fix';
import { readFixture } from './listing-fixtures/make-fixtures';
import { expectAmazonMain } from './listing-fixtures/test-kit';

/*
 * Issue 33's acceptance on the real segmentation model (the default segmenter): a product photo on
 * a wooden table (listing-fixtures/wood-table.jpg: planks, grain and seams, whose border is no plain
 * backdrop) fails Amazon's main image on background and fill; the fix cuts the product out onto pure
 * white, reframes and enlarges it, and both the check and an independent pixel check pass it.
 */

describe('the listing check and fix with the segmentation model', () => {
  it('fixes a photo on a wooden table into an Amazon main image', async () => {
    const rules = marketplace('amazon').slots.main;
    const photo = await readFixture('wood-table.jpg');

    let started = performance.now();
    const before = await checkListingImage(photo, rules);
    const checkMs = performance.now() - started;
    const failed = before.checks.filter((c) => !c.passed).map((c) => c.rule);
    expect(failed).toContain('background');
    expect(failed).toContain('fill');
    expect(before.checks.find((c) => c.rule === 'background')?.fixable).toBe(true);

    started = performance.now();
    const fixed = await fixListingImage(photo, rules);
    const fixMs = performance.now() - started;
    const after = await checkListingImage(fixed.data, rules);
    console.info(
      `wood table, model path: check ${checkMs.toFixed(0)} ms, fix ${fixMs.toFixed(0)} ms → ${String(fixed.width)} × ${String(fixed.height)}`,
      after.checks.map((c) => `${c.rule}: ${c.actual}`),
    );
    expect(after.checks.filter((c) => !c.passed).map((c) => c.rule)).toEqual([]);
    expect(after.compliant).toBe(true);

    // The independent look: border pixels 255 ± 2, fill ≥ 85 %, long side ≥ 1,600, 3:4, JPEG.
    await expectAmazonMain(fixed.data);
  }, 300_000);
});
