import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PALETTES, recolourGarment } from './recolour';

/**
 * A red garment on white: a lit panel (x 120..240) and a shadowed fold of the same fabric
 * (x 260..380), plus a yellow patch, so there is shading to preserve and two colours to map.
 */
async function garment(fabric = ['#d8442f', '#7a1d13'], background = '#ffffff'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="600">
    <rect width="500" height="600" fill="${background}"/>
    <rect x="100" y="80" width="300" height="460" fill="${fabric[0] ?? '#d8442f'}"/>
    <rect x="260" y="80" width="140" height="460" fill="${fabric[1] ?? '#7a1d13'}"/>
    <rect x="140" y="420" width="220" height="60" fill="#f2c14e"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

async function regionMean(jpeg: Buffer, left: number, top: number, size = 30) {
  const { data } = await sharp(jpeg)
    .extract({ left, top, width: size, height: size })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 3) {
    sum[0] = (sum[0] ?? 0) + (data[i] ?? 0);
    sum[1] = (sum[1] ?? 0) + (data[i + 1] ?? 0);
    sum[2] = (sum[2] ?? 0) + (data[i + 2] ?? 0);
  }
  const n = data.length / 3;
  return sum.map((v) => v / n) as [number, number, number];
}

const luma = ([r, g, b]: readonly number[]): number =>
  0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
const distance = (p: readonly number[], q: readonly number[]): number =>
  Math.hypot(...p.map((v, i) => v - (q[i] ?? 0)));

describe('recolourGarment', () => {
  it('changes the garment colour and keeps the size', async () => {
    const input = await garment();
    const result = await recolourGarment(input, 'jewel', 0);
    expect(result.contentType).toBe('image/jpeg');
    expect([result.width, result.height]).toEqual([500, 600]);
    const meta = await sharp(result.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 500, 600]);
    const before = await regionMean(input, 150, 150);
    const after = await regionMean(result.data, 150, 150);
    expect(distance(before, after)).toBeGreaterThan(80);
    // Jewel variant 0 maps the dominant colour to sapphire: blue now dominates.
    expect(after[2]).toBeGreaterThan(after[0] + 60);
  });

  it('preserves the lightness ordering of the lit side and the fold', async () => {
    for (const palette of ['jewel', 'pastel', 'monochrome', 'auto']) {
      const result = await recolourGarment(await garment(), palette, 0);
      const lit = luma(await regionMean(result.data, 150, 150));
      const fold = luma(await regionMean(result.data, 300, 150));
      expect(lit, palette).toBeGreaterThan(fold + 15);
    }
  });

  it('leaves a white background untouched', async () => {
    const result = await recolourGarment(await garment(), 'neon', 0);
    const corner = await regionMean(result.data, 5, 5, 20);
    expect(Math.min(...corner)).toBeGreaterThan(245);
    const gap = await regionMean(result.data, 440, 300, 20);
    expect(Math.min(...gap)).toBeGreaterThan(245);
  });

  it('gives different colours for different variants', async () => {
    const input = await garment();
    const [a, b, c] = await Promise.all([0, 1, 2].map((v) => recolourGarment(input, 'pastel', v)));
    if (!a || !b || !c) throw new Error('missing result');
    const colours = await Promise.all([a, b, c].map((r) => regionMean(r.data, 150, 150)));
    expect(distance(colours[0] ?? [], colours[1] ?? [])).toBeGreaterThan(30);
    expect(distance(colours[1] ?? [], colours[2] ?? [])).toBeGreaterThan(30);
  });

  it('maps distinct garment colours to distinct palette colours', async () => {
    const result = await recolourGarment(await garment(), 'jewel', 0);
    const body = await regionMean(result.data, 150, 150);
    const patch = await regionMean(result.data, 180, 435);
    expect(distance(body, patch)).toBeGreaterThan(60);
  });

  it('accepts a hex list and uses its colours', async () => {
    const result = await recolourGarment(await garment(), '#00aa00, #222222', 0);
    const [r, g, b] = await regionMean(result.data, 150, 150);
    expect(g).toBeGreaterThan(r + 50);
    expect(g).toBeGreaterThan(b + 50);
  });

  it('recolours a black garment on a white backdrop', async () => {
    const input = await garment(['#222222', '#111111']);
    const result = await recolourGarment(input, 'pastel', 0);
    const body = await regionMean(result.data, 150, 150);
    expect(luma(body)).toBeGreaterThan(luma(await regionMean(input, 150, 150)) + 40);
    expect(Math.max(...body) - Math.min(...body)).toBeGreaterThan(20);
  });

  it('rejects an unknown palette', async () => {
    await expect(recolourGarment(await garment(), 'sparkly', 0)).rejects.toThrow(/Unknown palette/);
  });

  it('exports its named palettes as hex colours', () => {
    for (const colours of Object.values(PALETTES)) {
      expect(colours.length).toBeGreaterThanOrEqual(3);
      for (const hex of colours) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});
