import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import {
  COLOUR_TOLERANCE_DE00,
  PATTERN_MIN_SIMILARITY,
  scoreGarmentFidelity,
  type Segmenter,
} from './garment-fidelity';
import {
  imageDecodeStats,
  setImageDecodeConcurrency,
  withImageDecode,
} from '../images/process-image';
import { garment, none, shiftFor } from './garment-fixtures';
import { seededRandom } from './shared';

const noModel: Segmenter = () => Promise.reject(new Error('a cut-out needs no model'));

describe('garment fidelity', () => {
  it('passes the same garment, worn and smaller, with colour ΔE00 near 0', async () => {
    const score = await scoreGarmentFidelity(
      await garment(none),
      await garment(none, { size: 180, withWearer: true }),
      noModel,
    );
    expect(score.colourDifference).toBeLessThan(1);
    expect(score.patternSimilarity).toBeGreaterThan(0.9);
    expect(score.passed).toBe(true);
  });

  it.each([
    { target: 2, towards: 'purple', passed: true },
    { target: 8, towards: 'purple', passed: false },
    { target: 20, towards: 'purple', passed: false },
    { target: 2, towards: 'orange', passed: true },
    { target: 8, towards: 'orange', passed: false },
    { target: 20, towards: 'orange', passed: false },
  ] as const)(
    'a garment recoloured by ΔE00 $target towards $towards gives passed=$passed',
    async ({ target, towards, passed }) => {
      const input = await garment(none);
      const result = await garment(shiftFor(target, towards), { size: 200, withWearer: true });
      const score = await scoreGarmentFidelity(input, result, noModel);
      // 8-bit rounding and the fabric noise move the measurement by a few tenths at most.
      expect(score.colourDifference).toBeGreaterThan(target * 0.8);
      expect(score.colourDifference).toBeLessThan(target * 1.2 + 0.5);
      // A recolour keeps the print: only the colour decides these. (At ΔE00 20 the result's colours
      // are far enough from the input's that the match may take in the wearer, so the pattern
      // figure is not asserted there; the colour fails it anyway.)
      if (target <= 8)
        expect(score.patternSimilarity).toBeGreaterThanOrEqual(PATTERN_MIN_SIMILARITY);
      expect(score.passed).toBe(passed);
      expect(score.colourDifference <= COLOUR_TOLERANCE_DE00).toBe(passed);
    },
  );

  it('fails a result that lost the print even when its main colour is right', async () => {
    const score = await scoreGarmentFidelity(
      await garment(none),
      await garment(none, { stripes: false, withWearer: true }),
      noModel,
    );
    expect(score.patternSimilarity).toBeLessThan(PATTERN_MIN_SIMILARITY);
    expect(score.passed).toBe(false);
  });

  it('finds a garment on a plain backdrop without the segmentation model', async () => {
    const cutOut = await garment(none);
    const photo = await sharp(cutOut).flatten({ background: '#d9dde3' }).jpeg().toBuffer();
    const segment = vi.fn<Segmenter>(() => Promise.reject(new Error('not needed')));
    const score = await scoreGarmentFidelity(cutOut, photo, segment);
    expect(segment).not.toHaveBeenCalled();
    expect(score.passed).toBe(true);
  });

  it('asks the segmentation model for the foreground of a photo on a busy backdrop', async () => {
    const cutOut = await garment(none);
    const { width: size } = await sharp(cutOut).metadata();
    const random = seededRandom(3);
    const noise = Buffer.from(Array.from({ length: size * size * 3 }, () => random() * 255));
    const busy = sharp(noise, { raw: { width: size, height: size, channels: 3 } });
    const photo = await busy
      .composite([{ input: cutOut }])
      .jpeg()
      .toBuffer();
    const { data, info } = await sharp(cutOut)
      .extractChannel(3)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const segment = vi.fn<Segmenter>(() =>
      Promise.resolve({ mask: data, width: info.width, height: info.height }),
    );
    const score = await scoreGarmentFidelity(cutOut, photo, segment);
    expect(segment).toHaveBeenCalledTimes(1);
    expect(score.passed).toBe(true);
  });

  it('decodes within the per-process image decode limit (ADR 039), waiting its turn', async () => {
    const cutOut = await garment(none);
    setImageDecodeConcurrency(1);
    let release: () => void = () => undefined;
    const held = withImageDecode(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    let finished = false;
    const scoring = scoreGarmentFidelity(cutOut, cutOut, noModel).then((score) => {
      finished = true;
      return score;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(finished).toBe(false);
    expect(imageDecodeStats().queued).toBe(1);
    release();
    await held;
    expect((await scoring).passed).toBe(true);
  });

  it('refuses an image with no foreground', async () => {
    const empty = await sharp({
      create: { width: 32, height: 32, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    await expect(scoreGarmentFidelity(empty, empty, noModel)).rejects.toThrow(/No garment/);
  });
});
