import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SCENE_STYLES } from '@studio/contract/tools';
import { composeProductScene, renderSceneBackground } from './photoshoot';

/** A transparent PNG with a blue bottle-like product in the middle. */
async function cutout(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600">
    <rect x="120" y="60" width="160" height="480" rx="50" fill="#1a5fd0"/>
    <rect x="160" y="20" width="80" height="60" fill="#222222"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function pixels(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    info,
    at: (x: number, y: number): [number, number, number] => {
      const i = (y * info.width + x) * 3;
      return [data[i] ?? -1, data[i + 1] ?? -1, data[i + 2] ?? -1];
    },
  };
}

const distance = (a: readonly number[], b: readonly number[]): number =>
  Math.hypot(...a.map((v, i) => v - (b[i] ?? 0)));

describe('composeProductScene', () => {
  it('renders a 1024×1024 JPEG by default and honours size', async () => {
    const product = await cutout();
    const result = await composeProductScene(product, { sceneStyle: 'studio', variant: 0 });
    expect(result.contentType).toBe('image/jpeg');
    expect([result.width, result.height]).toEqual([1024, 1024]);
    const meta = await sharp(result.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1024, 1024]);
    const small = await composeProductScene(product, {
      sceneStyle: 'minimal',
      variant: 2,
      size: 512,
    });
    expect([small.width, small.height]).toEqual([512, 512]);
  });

  it('places the product at the centre, standing on the floor with a shadow below', async () => {
    const result = await composeProductScene(await cutout(), { sceneStyle: 'minimal', variant: 0 });
    const { at } = await pixels(result.data);
    const [r, g, b] = at(512, 512);
    expect(b).toBeGreaterThan(170);
    expect(r).toBeLessThan(60);
    expect(g).toBeLessThan(130);
    // ~70 % of the height: the product (black cap on top) spans roughly 0.17..0.87 of the frame.
    expect(distance(at(512, 300), [26, 95, 208])).toBeLessThan(40);
    expect(Math.max(...at(512, 200))).toBeLessThan(70);
    expect(Math.min(...at(512, 150))).toBeGreaterThan(150);
    // Contact shadow just under the base is darker than the floor further out.
    const floorY = Math.round(1024 * 0.87) + 4;
    const under = at(512, floorY);
    const aside = at(60, floorY);
    expect(under.reduce((s, v) => s + v, 0)).toBeLessThan(aside.reduce((s, v) => s + v, 0) - 60);
  });

  it('gives each style a clearly different backdrop', async () => {
    const product = await cutout();
    const corners = await Promise.all(
      SCENE_STYLES.map(async (sceneStyle) => {
        const result = await composeProductScene(product, { sceneStyle, variant: 0, size: 384 });
        const { at } = await pixels(result.data);
        return [at(4, 4), at(379, 4)];
      }),
    );
    for (let i = 0; i < corners.length; i++) {
      for (let j = i + 1; j < corners.length; j++) {
        const [a1, a2] = corners[i] ?? [];
        const [b1, b2] = corners[j] ?? [];
        if (!a1 || !a2 || !b1 || !b2) throw new Error('missing corner');
        expect(
          distance(a1, b1) + distance(a2, b2),
          `${SCENE_STYLES[i]} vs ${SCENE_STYLES[j]}`,
        ).toBeGreaterThan(40);
      }
    }
  });

  it('changes colour or lighting between variants of one style', async () => {
    for (const style of SCENE_STYLES) {
      const [a, b] = await Promise.all(
        [0, 1].map(async (variant) => {
          const { png } = await renderSceneBackground(style, variant, 256);
          return sharp(png).resize(8, 8).raw().toBuffer();
        }),
      );
      if (!a || !b) throw new Error('missing render');
      let diff = 0;
      for (let i = 0; i < a.length; i++) diff += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
      // Pale styles (minimal) move less in RGB terms than dark or saturated ones.
      expect(diff / a.length, style).toBeGreaterThan(4);
    }
  });

  it('is deterministic for the same style and variant', async () => {
    const [a, b] = await Promise.all([
      renderSceneBackground('outdoor', 7, 128),
      renderSceneBackground('outdoor', 7, 128),
    ]);
    expect(a.png.equals(b.png)).toBe(true);
  });

  it('refuses a fully transparent cut-out', async () => {
    const empty = await sharp({
      create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    await expect(composeProductScene(empty, { sceneStyle: 'studio', variant: 0 })).rejects.toThrow(
      /transparent/,
    );
  });
});
