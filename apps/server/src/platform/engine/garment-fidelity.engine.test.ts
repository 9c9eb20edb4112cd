import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { segmentForeground } from './background-removal';
import { scoreGarmentFidelity } from './garment-fidelity';
import { garment, none, shiftFor } from './garment-fixtures';

/** A cut-out laid on an opaque backdrop: a photo without transparency, as uploads arrive. */
const photo = async (cutOut: Buffer, backdrop: string) =>
  sharp(cutOut).flatten({ background: backdrop }).jpeg({ quality: 92 }).toBuffer();

describe('garment fidelity with the segmentation model (real inference)', () => {
  it('finds the garment in both photos and tells ΔE00 2 (pass) from 8 (fail)', async () => {
    const input = await photo(await garment(none, { size: 320 }), '#f2f2f2');
    const close = await photo(
      await garment(shiftFor(2, 'purple'), { size: 280, withWearer: true }),
      '#dfe7ee',
    );
    const far = await photo(
      await garment(shiftFor(8, 'purple'), { size: 280, withWearer: true }),
      '#dfe7ee',
    );
    const started = performance.now();
    const passing = await scoreGarmentFidelity(input, close, segmentForeground);
    const failing = await scoreGarmentFidelity(input, far, segmentForeground);
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
