import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { segmentForeground } from './background-removal';
import { scoreGarmentFidelity } from './garment-fidelity';
import { garment, none, shiftFor } from './garment-fixtures';
import { seededRandom } from './shared';

/**
 * A cut-out laid on a busy backdrop (a blurred noise, like a street or a room): a photo without
 * transparency whose backdrop is not plain, so the mask needs the model (ADR 055).
 */
async function photo(cutOut: Buffer, seed: number) {
  const { width, height } = await sharp(cutOut).metadata();
  const random = seededRandom(seed);
  const noise = Buffer.from(Array.from({ length: width * height * 3 }, () => 90 + random() * 120));
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(1.5)
    .composite([{ input: cutOut }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

describe('garment fidelity with the segmentation model (real inference)', () => {
  it('finds the garment in both photos and tells ΔE00 2 (pass) from 8 (fail)', async () => {
    const input = await photo(await garment(none, { size: 320 }), 1);
    const close = await photo(
      await garment(shiftFor(2, 'purple'), { size: 280, withWearer: true }),
      2,
    );
    const far = await photo(
      await garment(shiftFor(8, 'purple'), { size: 280, withWearer: true }),
      3,
    );
    const segment = vi.fn(segmentForeground);
    const spec = { part: 'auto', reference: 'no', result: 'yes' } as const;
    const started = performance.now();
    const passing = await scoreGarmentFidelity(input, close, segment, spec);
    const failing = await scoreGarmentFidelity(input, far, segment, spec);
    expect(segment).toHaveBeenCalledTimes(4);
    console.info(
      `garment fidelity, 4 model runs: ${(performance.now() - started).toFixed(0)} ms`,
      passing,
      failing,
    );
    expect(passing.passed).toBe(true);
    expect(failing.passed).toBe(false);
    expect(failing.colourDifference).toBeGreaterThan(5);
  }, 180_000);
});
