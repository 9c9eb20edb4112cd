import { convertLab65ToRgb, differenceCiede2000 } from 'culori';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import {
  COLOUR_TOLERANCE_DE00,
  PATTERN_MIN_SIMILARITY,
  scoreGarmentFidelity,
  type Segmenter,
} from './garment-fidelity';
import { seededRandom } from './shared';

interface Lab {
  l: number;
  a: number;
  b: number;
}
const ciede2000 = differenceCiede2000();
const deltaE = (x: Lab, y: Lab) => ciede2000({ mode: 'lab65', ...x }, { mode: 'lab65', ...y });

const BASE: Lab = { l: 48, a: 42, b: 18 }; // a raspberry red
const STRIPE: Lab = { l: 30, a: 30, b: 10 };

/**
 * The Lab shift that moves BASE by exactly `target` ΔE00 along a hue turn (perpendicular to its
 * chroma): towards purple, or towards orange, where skin in the result is the nearer colour.
 */
function shiftFor(target: number, towards: 'purple' | 'orange'): Lab {
  const sign = towards === 'purple' ? 1 : -1;
  const direction = { a: sign * BASE.b, b: -sign * BASE.a };
  const norm = Math.hypot(direction.a, direction.b);
  const at = (t: number) => ({ l: 0, a: (direction.a / norm) * t, b: (direction.b / norm) * t });
  let [low, high] = [0, 100];
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    const shifted = { l: BASE.l, a: BASE.a + at(mid).a, b: BASE.b + at(mid).b };
    if (deltaE(BASE, shifted) < target) low = mid;
    else high = mid;
  }
  return at(low);
}

/**
 * A striped garment (a T-shirt-like block with sleeves) on a transparent background, in Lab
 * plus `shift`, with a little fabric noise so its colours are a spread and not two points.
 */
async function garment(
  shift: Lab,
  options: { stripes?: boolean; size?: number; withWearer?: boolean } = {},
) {
  const size = options.size ?? 240;
  const random = seededRandom(7);
  const rgba = Buffer.alloc(size * size * 4);
  const inShirt = (x: number, y: number) =>
    (y > 0.3 * size && y < 0.95 * size && x > 0.25 * size && x < 0.75 * size) ||
    (y > 0.3 * size && y < 0.5 * size && x > 0.1 * size && x < 0.9 * size);
  const inHead = (x: number, y: number) =>
    (x - 0.5 * size) ** 2 + (y - 0.16 * size) ** 2 < (0.12 * size) ** 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      let lab: Lab | null = null;
      if (inShirt(x, y)) {
        const stripe = options.stripes !== false && Math.floor(y / (size / 16)) % 2 === 1;
        const colour = stripe ? STRIPE : BASE;
        const noise = (random() - 0.5) * 2;
        lab = { l: colour.l + noise, a: colour.a + shift.a, b: colour.b + shift.b };
      } else if (options.withWearer && inHead(x, y)) {
        lab = { l: 70, a: 14, b: 20 }; // skin: the result's foreground holds the wearer too
      }
      if (!lab) continue;
      const rgb = convertLab65ToRgb(lab);
      rgba[i] = Math.round(Math.min(1, Math.max(0, rgb.r)) * 255);
      rgba[i + 1] = Math.round(Math.min(1, Math.max(0, rgb.g)) * 255);
      rgba[i + 2] = Math.round(Math.min(1, Math.max(0, rgb.b)) * 255);
      rgba[i + 3] = 255;
    }
  }
  return sharp(rgba, { raw: { width: size, height: size, channels: 4 } })
    .png()
    .toBuffer();
}

const noModel: Segmenter = () => Promise.reject(new Error('a cut-out needs no model'));
const none: Lab = { l: 0, a: 0, b: 0 };

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
      // A recolour keeps the print: only the colour decides these.
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

  it('asks the segmentation model for the foreground of a photo without transparency', async () => {
    const cutOut = await garment(none);
    const photo = await sharp(cutOut).flatten({ background: '#ffffff' }).jpeg().toBuffer();
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

  it('refuses an image with no foreground', async () => {
    const empty = await sharp({
      create: { width: 32, height: 32, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    await expect(scoreGarmentFidelity(empty, empty, noModel)).rejects.toThrow(/No garment/);
  });
});
