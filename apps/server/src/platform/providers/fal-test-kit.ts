import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { type FakeFal, startFakeFal } from '../../../test/fake-fal-server';
import { createFalProvider, DEFAULT_FAL_MODELS, type FalProviderOptions } from './fal-provider';
import type { InputImage } from './types';

/*
 * What the fal provider's tests share: a fresh fake fal server per test (loopback only), the
 * provider on it, and stored input images (a 64×48 PNG).
 */

export const FAL_TEST_KEY = 'fal-test-id:fal-test-secret';

/** Registers the hooks; the fake and provider it returns are the current test's. */
export function useFakeFal() {
  let png = Buffer.alloc(0);
  let current: FakeFal | undefined;
  beforeAll(async () => {
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  });
  beforeEach(async () => {
    current = await startFakeFal({ apiKey: FAL_TEST_KEY });
  });
  afterEach(async () => {
    await current?.close();
  });
  const fake = () => {
    if (!current) throw new Error('the fake fal server runs only inside a test');
    return current;
  };
  return {
    fake,
    provider: (overrides: Partial<FalProviderOptions> = {}) =>
      createFalProvider({
        apiKey: FAL_TEST_KEY,
        models: DEFAULT_FAL_MODELS,
        baseUrl: fake().url,
        pollIntervalMs: 10,
        safetyTolerance: '5',
        ...overrides,
      }),
    image: (name: string): InputImage => ({
      url: `/api/v1/media/${name}`,
      publicUrl: `https://media.example.test/${name}.png`,
      load: async () => png,
    }),
  };
}
