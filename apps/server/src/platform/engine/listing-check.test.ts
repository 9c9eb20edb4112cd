import {
  LISTING_RULE_LABELS,
  marketplace,
  type MarketplaceId,
  type SlotRules,
} from '@studio/contract/listing';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import type { Segmenter } from './garment-mask';
import { checkListingImage, iccDescription, percent, withStoredSize } from './listing-check';
import { FIXTURES, WOOD_TABLE, garmentBox, readFixture } from './listing-fixtures/make-fixtures';
import { noModel, rulesOf } from './listing-fixtures/test-kit';

/*
 * Each marketplace's rules on the committed images of listing-fixtures/ (made by make-fixtures.ts
 * beside them): the rules each image should fail fail, and every other rule passes.
 */

const check = async (name: string, rules: SlotRules) =>
  checkListingImage(await readFixture(name), rules, { segmenter: noModel });
const failed = (result: Awaited<ReturnType<typeof check>>, level = 'required') =>
  result.checks
    .filter((c) => !c.passed && c.level === level)
    .map((c) => c.rule)
    .sort();
const entry = (result: Awaited<ReturnType<typeof check>>, rule: string) => {
  const found = result.checks.find((c) => c.rule === rule);
  if (!found) throw new Error(`no ${rule} check`);
  return found;
};

type Case = [image: string, failing: string[]];

const CASES: Record<MarketplaceId, Case[]> = {
  amazon: [
    ['white.jpg', []],
    ['white-on-white.jpg', []],
    ['off-white.jpg', ['background']],
    ['alpha.png', ['background']],
    ['low-fill.jpg', ['fill']],
    ['wrong-aspect.jpg', ['aspect']],
    ['small.jpg', ['pixels']],
    ['white.webp', ['format', 'pixels']],
    ['grey.jpg', ['background', 'pixels']],
  ],
  flipkart: [
    ['grey.jpg', []],
    ['white.jpg', ['background']],
    ['cmyk.jpg', ['colour']],
    ['small.jpg', ['background', 'pixels']],
    ['alpha.png', ['background', 'format']],
  ],
  myntra: [
    ['grey.jpg', []],
    ['white.jpg', ['background', 'file-size']],
    ['cmyk.jpg', ['aspect', 'colour', 'file-size', 'pixels']],
    ['four-by-five.jpg', ['aspect', 'file-size', 'pixels']],
  ],
  ajio: [
    ['four-by-five.jpg', []],
    ['cmyk.jpg', ['colour']],
    ['grey.jpg', ['aspect', 'fill']],
    ['alpha.png', ['aspect', 'background', 'file-size', 'fill']],
  ],
  shopify: [
    ['white.jpg', []],
    ['too-large.jpg', ['pixels']],
    ['white.webp', ['format']],
  ],
  etsy: [
    ['white.jpg', []],
    ['too-large.jpg', []],
    ['white.webp', ['format']],
  ],
};

describe('checkListingImage on each marketplace’s main image rules', { timeout: 30_000 }, () => {
  for (const [id, cases] of Object.entries(CASES) as [MarketplaceId, Case[]][]) {
    describe(marketplace(id).name, () => {
      it.each(cases)('%s fails exactly %j', async (image, failing) => {
        const result = await check(image, rulesOf(id));
        expect(failed(result)).toEqual([...failing].sort());
        expect(result.compliant).toBe(failing.length === 0);
      });
    });
  }
});

describe('checkListingImage', { timeout: 30_000 }, () => {
  it('gives one entry per rule the slot has, in a fixed order, with the contract’s rule ids', async () => {
    const result = await check('white.jpg', rulesOf('amazon'));
    // The contract's labels list every rule id in the order a check gives them.
    expect(result.checks.map((c) => c.rule)).toEqual(Object.keys(LISTING_RULE_LABELS));
    const shopify = await check('white.jpg', rulesOf('shopify'));
    expect(shopify.checks.map((c) => c.rule)).toEqual(['aspect', 'pixels', 'format']);
  });

  it('names the slot’s content rules as not checked', async () => {
    const rules = rulesOf('amazon');
    const result = await check('white.jpg', rules);
    expect(result.notChecked).toEqual(
      rules.content.map((c) => ({ rule: c.id, level: c.level, message: c.text })),
    );
    expect((await check('white.jpg', rulesOf('amazon', 'additional'))).notChecked).toEqual([]);
  });

  it('says how far an off-white backdrop is from pure white and that Fix replaces it', async () => {
    const background = entry(await check('off-white.jpg', rulesOf('amazon')), 'background');
    expect(background).toMatchObject({
      passed: false,
      level: 'required',
      fixable: true,
      actual: '#F4F1EC, 0 % within ±2 of #FFFFFF',
      required: '#FFFFFF ±2 on 99.5 % of the background',
    });
    expect(background.message).toMatch(/pure white.*Fix/);
  });

  it('counts a cut-out’s transparency as not the background colour and says why', async () => {
    const background = entry(await check('alpha.png', rulesOf('amazon')), 'background');
    expect(background.passed).toBe(false);
    expect(background.actual).toMatch(/^transparent, 0 % within/);
    expect(background.message).toMatch(/transparent.*colour of its own choosing/);
    expect(background.fixable).toBe(true);
  });

  it('measures fill as the product box’s larger share of the frame', async () => {
    for (const name of ['white.jpg', 'low-fill.jpg', 'wrong-aspect.jpg', 'grey.jpg']) {
      const spec = FIXTURES[name];
      if (!spec) throw new Error(name);
      const box = garmentBox(spec);
      const truth = Math.max(box.width / spec.width, box.height / spec.height);
      const fill = entry(await check(name, rulesOf('amazon')), 'fill');
      expect(parseFloat(fill.actual) / 100, name).toBeCloseTo(truth, 2);
    }
    const low = entry(await check('low-fill.jpg', rulesOf('amazon')), 'fill');
    expect(low).toMatchObject({ actual: '60 %', required: '≥ 85 %', fixable: true });
    expect(low.message).toMatch(/crop closer/);
  });

  it('finds a white garment on white inside its outline, not lost in the backdrop', async () => {
    const fill = entry(await check('white-on-white.jpg', rulesOf('amazon')), 'fill');
    expect(fill.passed).toBe(true);
    expect(parseFloat(fill.actual)).toBeGreaterThan(88);
  });

  it('tells a product too tight for AJIO’s 80–85 % to leave room around it', async () => {
    const fill = entry(await check('grey.jpg', rulesOf('ajio')), 'fill');
    expect(fill).toMatchObject({ passed: false, required: '80–85 %', fixable: true });
    expect(fill.message).toMatch(/too tight/);
  });

  it('reports the aspect as the size and its ratio', async () => {
    const aspect = entry(await check('wrong-aspect.jpg', rulesOf('amazon')), 'aspect');
    expect(aspect).toMatchObject({
      actual: '1,600 × 1,200 (4:3)',
      required: '3:4 (±5 %)',
      fixable: true,
    });
  });

  it('reads the size as shown, with the EXIF orientation applied', async () => {
    const turned = await sharp(await readFixture('small.jpg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const result = await checkListingImage(turned, rulesOf('amazon'), { segmenter: noModel });
    expect(entry(result, 'aspect').actual).toBe('800 × 600 (4:3)');
  });

  it('calls a small image fixable by upscaling up to 4×, and beyond that not', async () => {
    const small = entry(await check('small.jpg', rulesOf('amazon')), 'pixels');
    expect(small).toMatchObject({
      actual: '800 px long side',
      required: '1,600 to 10,000 px',
      fixable: true,
    });
    expect(small.message).toMatch(/upscaling 2\.0×/);
    const tiny = await sharp(await readFixture('small.jpg'))
      .resize(240, 320)
      .jpeg()
      .toBuffer();
    const tooSmall = entry(
      await checkListingImage(tiny, rulesOf('amazon'), { segmenter: noModel }),
      'pixels',
    );
    expect(tooSmall.fixable).toBe(false);
    expect(tooSmall.message).toMatch(/larger original/);
  });

  it('calls an image past Shopify’s 4,472 px and 20 MP too large and fixable', async () => {
    const pixels = entry(await check('too-large.jpg', rulesOf('shopify')), 'pixels');
    expect(pixels).toMatchObject({
      passed: false,
      fixable: true,
      actual: '4,800 × 4,800 px (23.0 MP)',
      required: '≤ 4,472 px long side, ≤ 20 MP',
    });
  });

  it('names the file type and the accepted ones', async () => {
    const format = entry(await check('white.webp', rulesOf('shopify')), 'format');
    expect(format).toMatchObject({ actual: 'WebP', required: 'PNG, GIF, JPEG', fixable: true });
    expect(format.message).toMatch(/save it as PNG, GIF or JPEG/);
  });

  it('refuses CMYK where it is not allowed and accepts it on Amazon', async () => {
    const flipkart = entry(await check('cmyk.jpg', rulesOf('flipkart')), 'colour');
    expect(flipkart).toMatchObject({ passed: false, actual: 'CMYK', required: 'sRGB' });
    const amazon = entry(await check('cmyk.jpg', rulesOf('amazon', 'additional')), 'colour');
    expect(amazon).toMatchObject({ passed: true, required: 'sRGB or CMYK' });
  });

  it('passes an sRGB profile and refuses a wide-gamut one, naming it', async () => {
    const tagged = async (profile: string) =>
      sharp(await readFixture('grey.jpg'))
        .withIccProfile(profile)
        .jpeg()
        .toBuffer();
    const rules = rulesOf('flipkart');
    const srgb = await checkListingImage(await tagged('srgb'), rules, { segmenter: noModel });
    expect(entry(srgb, 'colour')).toMatchObject({ passed: true, actual: 'sRGB' });
    const p3 = await checkListingImage(await tagged('p3'), rules, { segmenter: noModel });
    expect(entry(p3, 'colour')).toMatchObject({ passed: false, fixable: true });
    expect(entry(p3, 'colour').message).toMatch(/colour profile.*convert it to sRGB/);
  });

  it('measures the file size against the floor and the cap', async () => {
    const size = entry(await check('white.jpg', rulesOf('myntra')), 'file-size');
    expect(size).toMatchObject({ passed: false, required: '500 KB to 1 MB', actual: '183 KB' });
    expect(size.message).toMatch(/higher quality/);
  });

  it('asks the model only when the backdrop is not plain', async () => {
    const plain = vi.fn(noModel);
    await checkListingImage(await readFixture('off-white.jpg'), rulesOf('amazon'), {
      segmenter: plain,
    });
    expect(plain).not.toHaveBeenCalled();
    // A stand-in for the model on the wooden table: the dress's box as its mask.
    const box = garmentBox(WOOD_TABLE);
    const boxMask: Segmenter = () => {
      const mask = Buffer.alloc(WOOD_TABLE.width * WOOD_TABLE.height);
      for (let y = box.top; y < box.top + box.height; y++) {
        mask.fill(
          255,
          y * WOOD_TABLE.width + box.left,
          y * WOOD_TABLE.width + box.left + box.width,
        );
      }
      return Promise.resolve({ mask, width: WOOD_TABLE.width, height: WOOD_TABLE.height });
    };
    const model = vi.fn(boxMask);
    const result = await checkListingImage(await readFixture('wood-table.jpg'), rulesOf('amazon'), {
      segmenter: model,
    });
    expect(model).toHaveBeenCalledOnce();
    expect(failed(result)).toEqual(['aspect', 'background', 'fill', 'pixels']);
    expect(entry(result, 'fill').actual).toBe('70 %');
  });

  it('skips the picture analysis on a slot without background or fill rules', async () => {
    const segmenter = vi.fn(noModel);
    const result = await checkListingImage(await readFixture('wood-table.jpg'), rulesOf('etsy'), {
      segmenter,
    });
    expect(segmenter).not.toHaveBeenCalled();
    expect(result.compliant).toBe(true);
  });

  it('marks a missed recommendation as such without making the image non-compliant', async () => {
    const result = await check('white.jpg', rulesOf('etsy'));
    expect(result.compliant).toBe(true);
    const pixels = entry(result, 'pixels');
    expect(pixels).toMatchObject({ passed: false, level: 'recommended' });
    expect(pixels.message).toMatch(/recommended, not required/);
  });
});

describe('percent', () => {
  it('shows as many decimals as it takes to tell a share from its limits', () => {
    expect(percent(0.72)).toBe('72 %');
    expect(percent(0.8499, [0.85])).toBe('84.99 %');
    expect(percent(0.5999, [0.85])).toBe('60 %');
    expect(percent(0.99449, [0.995])).toBe('99 %');
    expect(percent(0.8504, [0.8, 0.85])).toBe('85.04 %');
  });
});

describe('iccDescription', () => {
  it('reads the description of a version-2 and a version-4 profile', async () => {
    const grey = await readFixture('grey.jpg');
    const profileOf = async (name: string) =>
      (await sharp(await sharp(grey).withIccProfile(name).jpeg().toBuffer()).metadata()).icc;
    const srgb = await profileOf('srgb');
    const cmyk = await profileOf('cmyk');
    expect(srgb && iccDescription(srgb)).toMatch(/sRGB/);
    expect(cmyk && iccDescription(cmyk)).toBeTruthy();
    expect(iccDescription(Buffer.from('not a profile'))).toBeUndefined();
  });
});

describe('withStoredSize', () => {
  it('judges the file-size rule on the stored file, credentials and all', () => {
    const rules = rulesOf('ajio');
    const cap = rules.fileSize?.maxBytes ?? 0;
    const checked = {
      compliant: true,
      checks: [
        {
          rule: 'file-size',
          level: 'required' as const,
          passed: true,
          actual: '1 MB',
          required: '≤ 1 MB',
          fixable: true,
          message: 'The file is 1 MB.',
        },
      ],
      notChecked: [],
    };

    const over = withStoredSize(checked, rules, cap + 1);
    const under = withStoredSize(checked, rules, cap - 1);

    expect(over.compliant).toBe(false);
    expect(over.checks[0]).toMatchObject({ rule: 'file-size', passed: false });
    expect(under.compliant).toBe(true);
  });
});
