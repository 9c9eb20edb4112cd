import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadImage } from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { imageDecodeStats } from '../../platform/images/process-image';

/*
 * Issue 19 item 12 (ADR 039): uploads arriving at once decode at most IMAGE_DECODE_CONCURRENCY
 * at a time in this process; the rest wait their turn and are stored, none refused.
 */

let t: TestApp;
let cookie = '';

beforeAll(async () => {
  t = await createTestApp({ env: { IMAGE_DECODE_CONCURRENCY: '2', RATE_LIMIT_MULTIPLIER: '100' } });
  ({ cookie } = await signUp(t.app));
});

describe('concurrent uploads', () => {
  it('decode two at a time and all twelve are stored', async () => {
    const photos = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        sharp({ create: { width: 1200, height: 900 + i, channels: 3, background: '#2a6f97' } })
          .jpeg()
          .toBuffer(),
      ),
    );
    let queuedSeen = 0;
    let sampling = true;
    const sample = () => {
      queuedSeen = Math.max(queuedSeen, imageDecodeStats().queued);
      if (sampling) setImmediate(sample);
    };
    sample();
    const urls = await Promise.all(photos.map((photo) => uploadImage(t.app, cookie, photo)));
    sampling = false;
    expect(new Set(urls).size).toBe(12);
    expect(imageDecodeStats().peak).toBe(2);
    expect(queuedSeen).toBeGreaterThan(0);
    expect(imageDecodeStats()).toMatchObject({ active: 0, queued: 0 });
  }, 60_000);
});
