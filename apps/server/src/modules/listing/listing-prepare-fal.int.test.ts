import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { siteInfoResponseSchema } from '@studio/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { giveCredits, post, uploadImage, userIdOf } from '../../../test/generation-helpers';
import { startFakeFal, type FakeFal } from '../../../test/fake-fal-server';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { listingPhoto } from '../../../test/listing-photos';
import { balanceOf } from '../credits/credits.service';

/*
 * With fal configured, the listing fix still runs on the offline engine (fal has no such model,
 * ADR 057): the fake fal sees no submission, and the tool is real and priced.
 */

const API_KEY = 'listing-fal-key';
let dataDir: string;
let fake: FakeFal;
let t: TestApp;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-listing-fal-'));
  fake = await startFakeFal({ apiKey: API_KEY });
  t = await createTestApp({
    env: {
      DATA_DIR: dataDir,
      RATE_LIMIT_MULTIPLIER: '100',
      GENERATION_PROVIDER: 'fal',
      FAL_KEY: API_KEY,
      FAL_BASE_URL: fake.url,
    },
    worker: true,
  });
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('prepares a listing image on the engine, charged 1 credit, without a request to fal', async () => {
  const site = siteInfoResponseSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/v1/site-info' })).json(),
  );
  expect(site.tools).toContainEqual({ type: 'listing-prepare', output: 'real' });
  const { cookie } = await signUp(t.app);
  const userId = await userIdOf(t.app, cookie);
  await giveCredits(t.database.db, userId, 5);
  const before = await balanceOf(t.database.db, userId);
  const image = await uploadImage(
    t.app,
    cookie,
    await listingPhoto({ width: 600, height: 800, backdrop: '#ffffff', fill: 0.7 }),
  );

  const res = await post(t.app, cookie, '/api/v1/listing/prepare?wait=90', {
    imageUrl: image,
    marketplace: 'amazon',
    slot: 'main',
  });

  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ success: boolean }>().success).toBe(true);
  expect(fake.submissions).toEqual([]);
  expect(await balanceOf(t.database.db, userId)).toBe(before - 1);
});
