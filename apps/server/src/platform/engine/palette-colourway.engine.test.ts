import fs from 'node:fs';
import path from 'node:path';
import { convertRgbToLab65, differenceCiede2000 } from 'culori';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { segmentForeground } from './background-removal';
import { colourwaySource } from './colourway';
import { designPaletteInThread, holdEngineThread } from './engine-thread';
import type { Lab } from './lab';
import { paletteTarget } from './palette-colourway';

/*
 * The AI designer's palette mode (issue 36 item 2, ADR 063) on a photo of a person: the suit is
 * recoloured, the face, hands, shirt and backdrop are not (the old whole-photo recolour turned
 * them the suit's new colour). Measured independently here, with culori's Lab and CIEDE2000 on
 * the output as encoded, against the photo.
 */

const SUIT = fs.readFileSync(
  path.resolve(__dirname, '../../../../web/public/examples/fashion-extractor/suit.jpg'),
);
const ciede2000 = differenceCiede2000();
const release = holdEngineThread();
afterAll(async () => {
  await release();
});

async function labPixels(image: Buffer, width: number, height: number) {
  const { data } = await sharp(image)
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return (i: number): Lab => {
    const c = convertRgbToLab65({
      r: (data[i * 3] ?? 0) / 255,
      g: (data[i * 3 + 1] ?? 0) / 255,
      b: (data[i * 3 + 2] ?? 0) / 255,
    });
    return { l: c.l, a: c.a, b: c.b };
  };
}
const deltaE = (x: Lab, y: Lab) => ciede2000({ mode: 'lab65', ...x }, { mode: 'lab65', ...y });

describe('the designer’s palette mode on a photo of a person', () => {
  it.each([
    ['pastel', 0],
    ['pastel', 1],
    ['jewel', 2],
    ['auto', 0],
  ] as const)(
    '%s, variant %i: the suit changes, the face and background stay (mean ΔE00 ≤ 1 outside the garment)',
    async (palette, variant) => {
      const source = await colourwaySource(SUIT, segmentForeground, { part: 'auto', worn: 'auto' });
      const { width, height, mask } = source.found;
      const made = await designPaletteInThread(SUIT, palette, variant);
      expect([made.width, made.height]).toEqual([600, 800]);
      const before = await labPixels(SUIT, width, height);
      const after = await labPixels(made.data, width, height);

      let outside = 0;
      let outsideCount = 0;
      let inside = 0;
      let insideCount = 0;
      for (let i = 0; i < mask.length; i++) {
        const d = deltaE(before(i), after(i));
        if (mask[i]) [inside, insideCount] = [inside + d, insideCount + 1];
        else [outside, outsideCount] = [outside + d, outsideCount + 1];
      }
      // The face: the head's box (the photo's 600 × 800 scaled to the mask's size).
      const sx = width / 600;
      const sy = height / 800;
      let face = 0;
      let faceCount = 0;
      for (let y = Math.round(75 * sy); y < Math.round(140 * sy); y++) {
        for (let x = Math.round(265 * sx); x < Math.round(335 * sx); x++) {
          face += deltaE(before(y * width + x), after(y * width + x));
          faceCount++;
        }
      }
      const target = paletteTarget(source, palette, variant);
      console.log(
        `${palette} ${String(variant)} → ${target}: outside the garment ΔE00 ${(outside / outsideCount).toFixed(3)} · face ${(face / faceCount).toFixed(3)} · garment moved ${(inside / insideCount).toFixed(1)}`,
      );
      expect(outside / outsideCount).toBeLessThanOrEqual(1);
      expect(face / faceCount).toBeLessThanOrEqual(1);
      // The garment really took a new colour.
      expect(inside / insideCount).toBeGreaterThan(5);
    },
    60_000,
  );
});
