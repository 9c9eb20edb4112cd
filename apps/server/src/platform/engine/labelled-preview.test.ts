import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PREVIEW_BANNER_COLOUR, renderLabelledPreview } from './labelled-preview';
import { parseHexColour } from './shared';

const NOTE =
  'Preview — a generative model is needed for this tool. Configure fal to get real results.';

async function photo(colour: string, width = 600, height = 800): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f0f0f0"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="${colour}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

async function raw(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 3;
    return [data[i] ?? -1, data[i + 1] ?? -1, data[i + 2] ?? -1];
  };
  return { info, at };
}

const banner = parseHexColour(PREVIEW_BANNER_COLOUR) ?? [0, 0, 0];
const near = (p: number[], q: readonly number[], tolerance: number) =>
  p.every((v, i) => Math.abs(v - (q[i] ?? 0)) <= tolerance);

describe('renderLabelledPreview', () => {
  it('renders a 768×1152 JPEG by default with the PREVIEW banner on top', async () => {
    const result = await renderLabelledPreview([await photo('#c0392b'), await photo('#2e86c1')], {
      title: 'Virtual try-on',
      note: NOTE,
      variant: 0,
    });
    expect(result.contentType).toBe('image/jpeg');
    expect([result.width, result.height]).toEqual([768, 1152]);
    const meta = await sharp(result.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 768, 1152]);

    const { at } = await raw(result.data);
    // Banner colour at its edges, clear of the text.
    for (const [x, y] of [
      [4, 4],
      [384, 4],
      [763, 100],
    ] as const) {
      expect(near(at(x, y), banner, 12), `banner at ${x},${y}`).toBe(true);
    }
    // The label text is drawn in white inside the banner.
    let white = 0;
    for (let x = 24; x < 200; x++) if (Math.min(...at(x, 52)) > 230) white++;
    expect(white).toBeGreaterThan(10);
  });

  it('shows the inputs themselves', async () => {
    const result = await renderLabelledPreview([await photo('#1a9c3a')], {
      title: 'Pose change',
      note: NOTE,
      variant: 0,
    });
    const { at } = await raw(result.data);
    // Off the diagonal watermark (which runs bottom-left to top-right), the input shows through.
    const [r, g, b] = at(300, 400);
    expect(g).toBeGreaterThan(120);
    expect(r).toBeLessThan(90);
    expect(b).toBeLessThan(110);
  });

  it('escapes XML special characters in the title and note', async () => {
    const result = await renderLabelledPreview([await photo('#888888')], {
      title: `Try <on> & "friends" 'quoted' \u0001`,
      note: '<script>alert("x")</script> & more ]]> text',
      variant: 3,
    });
    expect([result.width, result.height]).toEqual([768, 1152]);
    const { at } = await raw(result.data);
    expect(near(at(4, 4), banner, 12)).toBe(true);
  });

  it('honours a custom size, many inputs, undecodable inputs and no inputs', async () => {
    const many = await Promise.all(
      ['#a00', '#0a0', '#00a', '#aa0', '#0aa', '#a0a'].map((c) => photo(c, 300, 300)),
    );
    const result = await renderLabelledPreview([...many, Buffer.from('broken')], {
      title: 'Advanced try-on',
      note: NOTE,
      variant: 5,
      width: 512,
      height: 768,
    });
    expect([result.width, result.height]).toEqual([512, 768]);
    const none = await renderLabelledPreview([], { title: 'Extraction', note: NOTE, variant: 0 });
    expect([none.width, none.height]).toEqual([768, 1152]);
    const broken = await renderLabelledPreview([Buffer.from('nope')], {
      title: 'Extraction',
      note: NOTE,
      variant: 0,
    });
    expect(broken.data.length).toBeGreaterThan(1000);
  });

  it('varies the canvas between variants', async () => {
    const input = await photo('#555555');
    const [a, b] = await Promise.all(
      [0, 1].map((variant) =>
        renderLabelledPreview([input], { title: 'Pose', note: NOTE, variant }),
      ),
    );
    if (!a || !b) throw new Error('missing result');
    const [pa, pb] = await Promise.all([raw(a.data), raw(b.data)]);
    expect(pa.at(8, 600)).not.toEqual(pb.at(8, 600));
  });
});
