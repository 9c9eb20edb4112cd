import { convertRgbToLab65 } from 'culori';
import { describe, expect, it } from 'vitest';
import { labOfRgb } from './lab';

describe('labOfRgb', () => {
  it('agrees with culori on a grid of sRGB colours', () => {
    for (let r = 0; r < 256; r += 17) {
      for (let g = 0; g < 256; g += 51) {
        for (let b = 0; b < 256; b += 85) {
          const ours = labOfRgb(r, g, b);
          const theirs = convertRgbToLab65({ r: r / 255, g: g / 255, b: b / 255 });
          expect(ours.l).toBeCloseTo(theirs.l, 3);
          expect(ours.a).toBeCloseTo(theirs.a, 3);
          expect(ours.b).toBeCloseTo(theirs.b, 3);
        }
      }
    }
  });
});
