import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFal, type FakeFal } from '../../../test/fake-fal-server';
import {
  createSeededApp,
  newUser,
  post,
  productPhoto,
  settlementsOf,
  uploadImage,
} from '../../../test/generation-helpers';
import type { TestApp } from '../../../test/harness';
import { DEFAULT_FAL_MODELS } from '../../platform/providers/fal-provider';
import { balanceOf, findBalanceMismatches } from '../credits/credits.service';

/*
 * Angle sets on fal (ADR 064), end to end on real PostgreSQL against the fake fal server, which
 * checks Nano Banana 2 edit's documented input schema: a request per side or back view with the
 * set's seed, the front and detail on the engine, charged by the price rule, refunded on failure.
 */

const API_KEY = 'test-key';
const MODEL = DEFAULT_FAL_MODELS['angle-set'];
let onFal: TestApp;
let fake: FakeFal;

beforeAll(async () => {
  fake = await startFakeFal({ apiKey: API_KEY });
  fake.setDefaultScript({ queueSteps: 1, progressSteps: 1, outcome: 'ok' });
  onFal = await createSeededApp('studio-angle-fal-', {
    env: {
      GENERATION_PROVIDER: 'fal',
      FAL_KEY: API_KEY,
      FAL_BASE_URL: fake.url,
      FAL_POLL_INTERVAL_MS: '50',
    },
  });
}, 60_000);
afterAll(async () => {
  await onFal.app.close();
  await fake.close();
});

interface Generation {
  status: string;
  creditCost: number;
  imageUrls: string[];
  previewNote: string | null;
  error: string | null;
  views: { url: string; view: string; slot: string }[] | null;
}

async function generate(t: TestApp, cookie: string, payload: Record<string, unknown>) {
  const res = await post(t.app, cookie, '/api/v1/angle-sets/generate?wait=60', payload);
  expect(res.statusCode, res.body).toBe(200);
  const { generationId } = res.json<{ generationId: string }>();
  const state = await t.app.inject({
    method: 'GET',
    url: `/api/v1/generations/${generationId}`,
    headers: { cookie },
  });
  return { generationId, generation: state.json<{ generation: Generation }>().generation };
}

const estimate = async (t: TestApp, cookie: string, payload: Record<string, unknown>) => {
  const res = await post(t.app, cookie, '/api/v1/credits/estimate', {
    feature: 'angle-set',
    ...payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ creditCost: number }>().creditCost;
};

describe('angle sets on fal', () => {
  it.each([
    [{ mode: 'performance' }, 2],
    [{ mode: 'balanced' }, 3],
    [{ mode: 'quality' }, 4],
    [{ mode: 'balanced', views: ['side'] }, 2],
    [{ views: ['front', 'detail'] }, 0],
  ])('prices %j at %i credits (1 per side or back view, times the mode)', async (payload, cost) => {
    const user = await newUser(onFal, { plan: 'pro_monthly' });
    expect(await estimate(onFal, user.cookie, payload)).toBe(cost);
  });

  it('sends the side and back to Nano Banana 2 edit with the documented inputs, one seed, charged 2', async () => {
    const user = await newUser(onFal, { credits: 10 });
    const image = await uploadImage(onFal.app, user.cookie, await productPhoto(400, 600));
    const garment = await uploadImage(
      onFal.app,
      user.cookie,
      await productPhoto(300, 300, '#2255aa'),
    );
    const before = await balanceOf(onFal.database.db, user.id);
    const submitted = fake.submissions.length;

    const { generationId, generation } = await generate(onFal, user.cookie, {
      imageUrl: image,
      garmentImageUrl: garment,
      category: 'tops',
      seed: 1234,
    });

    expect(generation.status, generation.error ?? '').toBe('succeeded');
    expect(generation.creditCost).toBe(2);
    const requests = fake.submissions.slice(submitted);
    expect(requests.map((r) => r.modelId)).toEqual([MODEL, MODEL]);
    const [side, back] = requests.map((r) => r.input as Record<string, unknown>);
    const url = (media: string) => new URL(media, 'http://x').pathname;
    expect(side).toMatchObject({
      num_images: 1,
      seed: 1234,
      aspect_ratio: '2:3',
      resolution: '1K',
      output_format: 'jpeg',
    });
    expect((side?.image_urls as string[]).map(url)).toEqual([image]);
    expect(side?.prompt).toContain('right side');
    expect(back).toMatchObject({ seed: 1234, resolution: '1K' });
    expect((back?.image_urls as string[]).map(url)).toEqual([image, garment]);
    expect(back?.prompt).toContain('Do not copy the front print');
    expect(generation.views?.map((v) => v.view)).toEqual(['front', 'side', 'back', 'detail']);
    expect(await balanceOf(onFal.database.db, user.id)).toBe(before - 2);
    expect(await settlementsOf(onFal.database.db, user.id, generationId)).toEqual({
      captures: 1,
      releases: 0,
    });
  }, 90_000);

  it('refunds the set when the view model fails', async () => {
    fake.setModelScript(MODEL, { outcome: '500' });
    try {
      const user = await newUser(onFal, { credits: 10 });
      const image = await uploadImage(onFal.app, user.cookie, await productPhoto());
      const before = await balanceOf(onFal.database.db, user.id);

      const { generationId, generation } = await generate(onFal, user.cookie, {
        imageUrl: image,
        views: ['back'],
      });

      expect(generation.status).toBe('failed');
      expect(generation.creditCost).toBe(1);
      expect(await balanceOf(onFal.database.db, user.id)).toBe(before);
      expect(await settlementsOf(onFal.database.db, user.id, generationId)).toEqual({
        captures: 0,
        releases: 1,
      });
      expect(await findBalanceMismatches(onFal.database.db)).toEqual([]);
    } finally {
      fake.setModelScript(MODEL, {});
    }
  }, 90_000);
});
