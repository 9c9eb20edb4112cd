import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { aspectSize, fitToAspect, ratioOf } from './aspect';

const landscape = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#f4f1ea' } })
    .jpeg()
    .toBuffer();

describe('aspect ratios', () => {
  it('sizes a canvas by its longer side', () => {
    expect(aspectSize('9:16', 1152)).toEqual({ width: 648, height: 1152 });
    expect(aspectSize('16:9', 1152)).toEqual({ width: 1152, height: 648 });
    expect(aspectSize('1:1', 1024)).toEqual({ width: 1024, height: 1024 });
  });

  it.each(['9:16', '16:9', '1:1'] as const)(
    'puts a landscape picture whole on a %s canvas of its own backdrop',
    async (ratio) => {
      const out = await fitToAspect(await landscape(), ratio);
      expect(out.width / out.height).toBeCloseTo(ratioOf(ratio), 2);
      expect(Math.min(out.width, out.height)).toBeGreaterThanOrEqual(200);
      const { dominant } = await sharp(out.data).stats();
      expect(dominant.r).toBeGreaterThan(230);
    },
  );
});
