import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { holdEngineThread, recolourGarmentInThread } from './engine-thread';
import { recolourGarment } from './recolour';

/** A red garment shape on a white backdrop, large enough that recolouring takes a while. */
async function garmentPhoto() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600">
    <rect width="1200" height="1600" fill="#ffffff"/>
    <path d="M360 200 L840 200 L960 520 L840 560 L820 1450 L380 1450 L360 560 L240 520 Z" fill="#b3262d"/>
    <rect x="520" y="600" width="160" height="420" fill="#7a1a20"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

describe('the engine thread (ADR 045)', () => {
  it('recolours a garment to the same bytes as on this thread, while this thread stays free', async () => {
    const photo = await garmentPhoto();
    const here = await recolourGarment(photo, 'jewel', 1);
    await recolourGarmentInThread(photo, 'jewel', 0); // the thread started and warmed up
    // The longest stretch between two 5 ms ticks is the longest this thread was held; compared
    // with the run's own length, so a slow machine changes both sides alike.
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      const there = await recolourGarmentInThread(photo, 'jewel', 1);
      const elapsed = performance.now() - started;

      expect(Buffer.isBuffer(there.data)).toBe(true);
      expect(there.data.equals(here.data)).toBe(true);
      expect([there.contentType, there.width, there.height]).toEqual(['image/jpeg', 1200, 1600]);
      expect(longestGap).toBeLessThan(elapsed / 4);
    } finally {
      clearInterval(ticker);
    }
  }, 60_000);

  it('fails a task whose work fails, with the engine’s own message', async () => {
    const blank = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();

    await expect(recolourGarmentInThread(blank, 'jewel', 0)).rejects.toThrow(
      'Could not find a garment to recolour',
    );
  }, 60_000);

  it('keeps running for another holder when one lets go, and stops with the last', async () => {
    const photo = await garmentPhoto();
    const releaseA = holdEngineThread();
    const releaseB = holdEngineThread();
    const running = recolourGarmentInThread(photo, 'jewel', 2);

    expect(await releaseA()).toBe(true);
    await expect(running).resolves.toMatchObject({ contentType: 'image/jpeg' });
    expect(await releaseB()).toBe(true);
    // After the last holder stopped it, a new call starts a thread of its own.
    await expect(recolourGarmentInThread(photo, 'jewel', 2)).resolves.toMatchObject({
      width: 1200,
    });
  }, 60_000);
});
