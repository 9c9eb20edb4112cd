import fs from 'node:fs';
import path from 'node:path';
import { convertRgbToLab65, differenceCiede2000 } from 'culori';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  COLOURWAY_MAX_DELTA_E,
  COLOURWAY_MAX_OUTSIDE_DELTA_E,
  COLOURWAY_MIN_STRUCTURE,
  type ColourwaySource,
  colourwaySource,
  makeColourway,
} from './colourway';
import type { Segmenter } from './garment-mask';
import { type Lab, labInto } from './lab';
import { parseHexColour } from './shared';

/*
 * Colourways on committed garment photos (eval/fidelity-set: product shots on a sweep or cut out),
 * each measured twice: by the engine's own measure (at mask size, its own Lab conversion), and here
 * at full size with culori's Lab conversion and CIEDE2000 (culori is pinned to Sharma et al.'s
 * pairs in ciede2000.test.ts).
 */

const SET = path.resolve(__dirname, '../../../../../eval/fidelity-set/garments');
const noModel: Segmenter = () => Promise.reject(new Error('a plain backdrop needs no model'));
const ciede2000 = differenceCiede2000();
const deltaE00 = (x: Lab, y: Lab) => ciede2000({ mode: 'lab65', ...x }, { mode: 'lab65', ...y });
const TARGETS = ['#1f3a5f', '#c0392b', '#f4d03f', '#2e5e3a', '#7b3f9e', '#d8c3a5'];

const photo = (name: string) => fs.readFileSync(path.join(SET, name));
const DESIGNER_TEE = path.resolve(
  __dirname,
  '../../../../web/public/examples/ai-designer/t-shirt.jpg',
);
const source = (input: Buffer) => colourwaySource(input, noModel, { part: 'auto', worn: 'no' });

function labOfHex(hex: string): Lab {
  const [r, g, b] = parseHexColour(hex) ?? [0, 0, 0];
  const out = new Float64Array(3);
  labInto(out, 0, r, g, b);
  return { l: out[0] ?? 0, a: out[1] ?? 0, b: out[2] ?? 0 };
}

/**
 * The mean Lab (culori's conversion) of the full-size `image` where `from` was wholly its dominant
 * colour: the mask-size weights scaled up, nearest neighbour.
 */
async function meanOfRecoloured(from: ColourwaySource, image: Buffer): Promise<Lab> {
  const { width: w, height: h } = from.found;
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sum = { l: 0, a: 0, b: 0 };
  let n = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const at = Math.floor((y * h) / info.height) * w + Math.floor((x * w) / info.width);
      if ((from.weights[at] ?? 0) < 0.999) continue;
      const p = (y * info.width + x) * 3;
      const lab = convertRgbToLab65({
        r: (data[p] ?? 0) / 255,
        g: (data[p + 1] ?? 0) / 255,
        b: (data[p + 2] ?? 0) / 255,
      });
      [sum.l, sum.a, sum.b, n] = [sum.l + lab.l, sum.a + lab.a, sum.b + lab.b, n + 1];
    }
  }
  return { l: sum.l / n, a: sum.a / n, b: sum.b / n };
}

describe('colourways on garment photos', () => {
  const garments = [
    ['tank-solid.png', 'plain, light'],
    ['skirt-solid.png', 'plain'],
    ['tee-stripes.png', 'striped'],
    ['tee-text.jpg', 'printed, white'],
    ['dress-dots.png', 'printed'],
    ['trousers-checks.jpg', 'checked, dark'],
  ] as const;

  it.each(garments)('%s (%s): every target met, inside and out', async (name) => {
    const from = await source(photo(name));
    const rows: string[] = [];
    for (const target of TARGETS) {
      const made = await makeColourway(from, target);
      const { measure } = made;
      const mean = await meanOfRecoloured(from, made.data);
      const independent = deltaE00(mean, labOfHex(target));
      rows.push(
        `${target} ΔE00 ${measure.deltaE.toFixed(2)} (mean of recoloured ${independent.toFixed(2)}) · outside ${measure.outsideDeltaE.toFixed(3)} · L* structure ${measure.structure.toFixed(3)} · clipped ${(measure.clipped * 100).toFixed(1)} %`,
      );
      expect(measure.reason, `${name} → ${target}`).toBeNull();
      expect(measure.deltaE).toBeLessThanOrEqual(COLOURWAY_MAX_DELTA_E);
      expect(independent).toBeLessThanOrEqual(COLOURWAY_MAX_DELTA_E);
      expect(measure.outsideDeltaE).toBeLessThanOrEqual(COLOURWAY_MAX_OUTSIDE_DELTA_E);
      expect(measure.structure).toBeGreaterThanOrEqual(COLOURWAY_MIN_STRUCTURE);
      expect([made.width, made.height]).toEqual([
        (await sharp(photo(name)).metadata()).width,
        (await sharp(photo(name)).metadata()).height,
      ]);
    }
    console.log(`${name}\n  ${rows.join('\n  ')}`);
  });

  it('leaves a print its own colour: the text on a white tee and the band on a green one', async () => {
    for (const [name, input] of [
      ['tee-text.jpg', photo('tee-text.jpg')],
      ['t-shirt.jpg (the designer example)', fs.readFileSync(DESIGNER_TEE)],
    ] as const) {
      const from = await source(input);
      const { width, height, lab, mask } = from.found;
      // The print: garment pixels far (ΔE76 40) from the body's colour with all their neighbours
      // too (a print's anti-aliased edge mixes it with the body, and moves by the body's share).
      const { l, a, b } = from.dominant;
      const far = (i: number) =>
        mask[i] === 1 &&
        Math.hypot((lab[i * 3] ?? 0) - l, (lab[i * 3 + 1] ?? 0) - a, (lab[i * 3 + 2] ?? 0) - b) >
          40;
      const print: number[] = [];
      for (let y = 1; y < height - 1; y++) {
        for (let x = 1; x < width - 1; x++) {
          const around = [-1, 0, 1].flatMap((dy) =>
            [-1, 0, 1].map((dx) => (y + dy) * width + x + dx),
          );
          if (around.every(far)) print.push(y * width + x);
        }
      }
      for (const target of ['#c0392b', '#f4d03f', '#1f3a5f']) {
        const made = await makeColourway(from, target);
        const { data } = await sharp(made.data)
          .resize(width, height, { fit: 'fill' })
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        let sum = 0;
        for (const i of print) {
          const after = convertRgbToLab65({
            r: (data[i * 3] ?? 0) / 255,
            g: (data[i * 3 + 1] ?? 0) / 255,
            b: (data[i * 3 + 2] ?? 0) / 255,
          });
          sum += deltaE00(
            { l: lab[i * 3] ?? 0, a: lab[i * 3 + 1] ?? 0, b: lab[i * 3 + 2] ?? 0 },
            after,
          );
        }
        const moved = sum / print.length;
        console.log(
          `${name} → ${target}: the print moved ΔE00 ${moved.toFixed(2)} on average over ${String(print.length)} pixels`,
        );
        expect(print.length).toBeGreaterThan(300);
        // Not zero: JPEG's re-encoding rings a little around strokes next to a colour that changed.
        expect(moved).toBeLessThanOrEqual(2);
      }
    }
  });

  it('takes a dark garment light', async () => {
    const navy = await makeColourway(await source(photo('tank-solid.png')), '#1f2a44');
    expect(navy.measure.reason).toBeNull();
    const made = await makeColourway(await source(navy.data), '#e8c547');

    console.log(
      `navy tank → #e8c547: ΔE00 ${made.measure.deltaE.toFixed(2)}, clipped ${(made.measure.clipped * 100).toFixed(1)} %`,
    );
    expect(made.measure.reason).toBeNull();
  });

  it('refuses a black garment made white, saying which white keeps its shading', async () => {
    const black = await makeColourway(await source(photo('tank-solid.png')), '#262626');
    expect(black.measure.reason).toBeNull();
    const from = await source(black.data);
    const made = await makeColourway(from, '#ffffff');

    console.log(
      `black tank → #ffffff: clipped ${(made.measure.clipped * 100).toFixed(1)} % · ${made.measure.reason ?? ''}`,
    );
    expect(made.measure.passed).toBe(false);
    expect(made.measure.reason).toMatch(
      /^This colour is too light for this garment: its shading would be lost\. The nearest that keeps it is #[0-9a-f]{6}\.$/,
    );
    // The colour it suggests is one the same check passes.
    const suggested = /#[0-9a-f]{6}/.exec(made.measure.reason ?? '')?.[0] ?? '';
    expect((await makeColourway(from, suggested)).measure.passed).toBe(true);
  });
});
