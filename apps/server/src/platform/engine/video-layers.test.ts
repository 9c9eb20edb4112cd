import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SUBJECT_BORDER, buildVideoLayers, fillEnclosedHoles, pushPullFill } from './video-layers';

describe('pushPullFill', () => {
  it('keeps known pixels and fills a hole smoothly from its surroundings', () => {
    const [w, h] = [32, 16];
    const rgb = new Float32Array(w * h * 3);
    const weight = new Float32Array(w * h).fill(1);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        // Left half blue-ish, right half red-ish; a bright hole in the middle that must vanish.
        rgb.set(x < w / 2 ? [20, 40, 200] : [200, 40, 20], i * 3);
        if (x >= 12 && x < 20 && y >= 4 && y < 12) {
          rgb.set([255, 255, 255], i * 3);
          weight[i] = 0;
        }
      }
    }
    const filled = pushPullFill(rgb, weight, w, h);
    expect([...filled.subarray(0, 3)].map(Math.round)).toEqual([20, 40, 200]);
    for (let y = 4; y < 12; y++) {
      for (let x = 12; x < 20; x++) {
        const i = (y * w + x) * 3;
        // Nothing of the hole's own white survives: green stays at the surroundings' level.
        expect(filled[i + 1]).toBeCloseTo(40, 0);
      }
    }
    // Left of the hole is bluer than its right: the fill follows the surroundings.
    const at = (x: number) => filled[(8 * w + x) * 3] ?? 0;
    expect(at(13)).toBeLessThan(at(18));
  });

  it('fills everything with mid-grey when nothing is known', () => {
    const filled = pushPullFill(new Float32Array(12), new Float32Array(4), 2, 2);
    expect([...filled]).toEqual(Array.from({ length: 12 }, () => 128));
  });
});

describe('fillEnclosedHoles', () => {
  /** 12×12: a subject ring (rows and columns 2..9) around a gap at 4..7, plus a notch open to the top. */
  function ring(): Buffer {
    const mask = Buffer.alloc(144);
    for (let y = 2; y < 10; y++) mask.fill(255, y * 12 + 2, y * 12 + 10);
    for (let y = 4; y < 8; y++) mask.fill(0, y * 12 + 4, y * 12 + 8);
    // A soft rim inside the gap, as a matte has.
    for (let x = 4; x < 8; x++) mask[3 * 12 + x] = 200;
    return mask;
  }

  it('fills a gap the subject encloses (a face left out inside the hair), rim included', () => {
    const { mask } = fillEnclosedHoles({ mask: ring(), width: 12, height: 12 });
    expect(mask[5 * 12 + 5]).toBe(255);
    expect(mask[3 * 12 + 5]).toBe(255);
    // The background outside the subject is left alone.
    expect(mask[0]).toBe(0);
    expect(mask[11 * 12 + 11]).toBe(0);
  });

  it('fills a speck in a half-transparent area only as far as its surroundings', () => {
    const veil = Buffer.alloc(144);
    for (let y = 2; y < 10; y++) veil.fill(140, y * 12 + 2, y * 12 + 10);
    veil[5 * 12 + 5] = 90;
    const { mask } = fillEnclosedHoles({ mask: veil, width: 12, height: 12 });
    expect(mask[5 * 12 + 5]).toBe(140);
    expect(mask[5 * 12 + 6]).toBe(140);
  });

  it('keeps a gap that reaches the border (between the legs) open', () => {
    const open = ring();
    for (let y = 0; y < 8; y++) open.fill(0, y * 12 + 5, y * 12 + 7);
    const { mask } = fillEnclosedHoles({ mask: open, width: 12, height: 12 });
    expect(mask[5 * 12 + 5]).toBe(0);
    expect(mask[5 * 12 + 4]).toBe(0);
  });
});

describe('buildVideoLayers', () => {
  /** A 200×300 still: grey wall, one black bar (the "subject") touching the bottom edge. */
  async function still() {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="300">
      <rect width="200" height="300" fill="#b4b4b4"/>
      <rect x="80" y="100" width="40" height="200" fill="#000000"/>
    </svg>`;
    const image = await sharp(Buffer.from(svg)).png().toBuffer();
    const mask = Buffer.alloc(200 * 300);
    for (let y = 100; y < 300; y++) mask.fill(255, y * 200 + 80, y * 200 + 120);
    return { image, mask: { mask, width: 200, height: 300 } };
  }

  it('fits the still whole into the frame and finds the subject box in frame pixels', async () => {
    const { image, mask } = await still();
    const layers = await buildVideoLayers(image, 360, 640, mask);
    expect(layers.photo).toEqual({ left: 0, top: 50, width: 360, height: 540 });
    // 200 px × 1.8: the bar's 80..120 × 100..300 (±1 px for the mask's resampling).
    const box = layers.subjectBox;
    for (const [key, value] of Object.entries({ left: 144, top: 230, right: 216, bottom: 590 })) {
      expect(Math.abs((box?.[key as keyof typeof box] ?? NaN) - value), key).toBeLessThanOrEqual(1);
    }
    expect(layers.subjectWidth).toBe(450);
    const tw = layers.subjectWidth + 2 * SUBJECT_BORDER;
    // Opaque in the middle of the bar, transparent on the wall.
    const alphaAt = (u: number, v: number) =>
      layers.subject[((v + SUBJECT_BORDER) * tw + u + SUBJECT_BORDER) * 4 + 3];
    expect(alphaAt(225, 600)).toBe(255);
    expect(alphaAt(50, 600)).toBe(0);
  });

  it('takes the subject out of the plate and pads with the wall, never the subject', async () => {
    const { image, mask } = await still();
    const layers = await buildVideoLayers(image, 360, 640, mask);
    const m = layers.margin;
    const at = (x: number, y: number) =>
      layers.plate[((y + m) * layers.plateWidth + x + m) * 3] ?? 0;
    // Where the bar stood, and in the padding under it and above, there is only the grey wall.
    for (const [x, y] of [
      [180, 400],
      [180, 580],
      [180, 620],
      [180, 639],
      [180, 10],
      [-m, 639 + m],
    ] as const) {
      expect(Math.abs(at(x, y) - 0xb4), `(${x}, ${y})`).toBeLessThan(6);
    }
  });

  it("fills the plate with the photo's colours, not grey, when the subject fills the photo", async () => {
    const red = await sharp({
      create: { width: 200, height: 300, channels: 3, background: '#c81e1e' },
    })
      .png()
      .toBuffer();
    const full = { mask: Buffer.alloc(4, 255), width: 2, height: 2 };
    const layers = await buildVideoLayers(red, 360, 640, full);
    const m = layers.margin;
    const i = ((620 + m) * layers.plateWidth + 180 + m) * 3;
    expect([...layers.plate.subarray(i, i + 3)].map((v) => Math.round(v / 10))).toEqual([20, 3, 3]);
  });

  it('leaves the plate as the photo when the mask is empty', async () => {
    const { image } = await still();
    const empty = { mask: Buffer.alloc(4), width: 2, height: 2 };
    const layers = await buildVideoLayers(image, 360, 640, empty);
    expect(layers.subjectBox).toBeNull();
    const m = layers.margin;
    expect(layers.plate[((400 + m) * layers.plateWidth + 180 + m) * 3]).toBeLessThan(10);
  });
});
