import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSeededApp,
  newUser,
  post,
  productPhoto,
  uploadImage,
} from '../../../test/generation-helpers';
import type { TestApp } from '../../../test/harness';
import { balanceOf } from '../credits/credits.service';

/*
 * Angle sets end to end offline (ADR 064) on real PostgreSQL: the generic generate route, the
 * credit ledger, pg-boss, the runner and the engine (a real front and detail, the side and back
 * labelled previews, free). On fal: angle-set-fal.int.test.ts.
 */

let offline: TestApp;

beforeAll(async () => {
  offline = await createSeededApp('studio-angle-local-');
}, 60_000);
afterAll(async () => {
  await offline.app.close();
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

describe('angle sets offline', () => {
  it('makes four outputs tagged front, side, back and detail with their slots, free', async () => {
    const user = await newUser(offline, { credits: 5 });
    const image = await uploadImage(offline.app, user.cookie, await productPhoto(400, 600));
    const before = await balanceOf(offline.database.db, user.id);

    const { generation } = await generate(offline, user.cookie, {
      imageUrl: image,
      category: 'tops',
    });

    expect(generation.status, generation.error ?? '').toBe('succeeded');
    expect(generation.creditCost).toBe(0);
    expect(generation.imageUrls).toHaveLength(4);
    expect(generation.views).toEqual(
      [
        ['front', 'main'],
        ['side', 'additional'],
        ['back', 'additional'],
        ['detail', 'additional'],
      ].map(([view, slot], i) => ({ url: generation.imageUrls[i], view, slot })),
    );
    expect(generation.previewNote).toContain('labelled previews, free');
    expect(await balanceOf(offline.database.db, user.id)).toBe(before);

    const gallery = await post(offline.app, user.cookie, '/api/v1/gallery/past-generations', {
      type: 'angle-set',
    });
    const [item] = gallery.json<{ data: { views: Generation['views'] }[] }>().data;
    expect(item?.views?.map((v) => `${v.view} · ${v.slot}`)).toEqual([
      'front · main',
      'side · additional',
      'back · additional',
      'detail · additional',
    ]);
  }, 90_000);

  it('tags the detail as a swatch for a marketplace that has one; front and detail alone are real work', async () => {
    const user = await newUser(offline);
    const image = await uploadImage(offline.app, user.cookie, await productPhoto(500, 500));

    const { generation } = await generate(offline, user.cookie, {
      imageUrl: image,
      views: ['detail', 'front'],
      marketplace: 'amazon',
    });

    expect(generation.status, generation.error ?? '').toBe('succeeded');
    expect(generation.views?.map((v) => [v.view, v.slot])).toEqual([
      ['front', 'main'],
      ['detail', 'swatch'],
    ]);
    // Nothing in it is a preview.
    expect(generation.previewNote).toBeNull();
  }, 90_000);

  it('is priced free offline whatever the views and mode', async () => {
    const user = await newUser(offline);
    expect(await estimate(offline, user.cookie, { mode: 'performance' })).toBe(0);
  });

  it.each([
    [{ views: [] }, 'Choose at least one view'],
    [{ views: ['front', 'front'] }, 'Each view can be chosen once'],
    [{ views: ['top'] }, 'views'],
    [{ category: 'hats' }, 'category'],
    [{ imageUrl: '' }, 'An image URL is required'],
  ])('refuses %j with 400', async (change, words) => {
    const user = await newUser(offline, { credits: 5 });
    const res = await post(offline.app, user.cookie, '/api/v1/angle-sets/generate', {
      imageUrl: '/api/v1/media/abc',
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(words);
  });
});
