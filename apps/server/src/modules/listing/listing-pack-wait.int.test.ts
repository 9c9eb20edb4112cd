import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  giveCredits,
  post,
  succeededGeneration,
  uploadImage,
  userIdOf,
} from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { listingPhoto } from '../../../test/listing-photos';
import { generations } from '../../db/schema';
import { balanceOf } from '../credits/credits.service';

/*
 * A pack whose fixes do not finish in LISTING_PACK_WAIT_SECONDS fails with a message saying so
 * (no worker runs here, so they never do); the fix it started carries on, reserved once, and the
 * same pack asked again waits for that one instead of starting another.
 */

let dataDir: string;
let t: TestApp;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-listing-wait-'));
  t = await createTestApp({
    env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '100', LISTING_PACK_WAIT_SECONDS: '1' },
  });
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('fails a pack whose fixes take too long with a clear message, and a retry starts no second fix', async () => {
  const { cookie } = await signUp(t.app);
  const userId = await userIdOf(t.app, cookie);
  await giveCredits(t.database.db, userId, 5);
  const image = await uploadImage(
    t.app,
    cookie,
    await listingPhoto({ width: 480, height: 600, backdrop: '#f4f1ec', fill: 0.6 }),
  );
  const source = await succeededGeneration(t.database.db, userId, [image]);
  const before = await balanceOf(t.database.db, userId);
  const body = { marketplace: 'amazon', items: [{ generationId: source, sku: 'S1' }], fix: true };

  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await post(t.app, cookie, '/api/v1/listing/packs', body);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'The pack is taking longer than 1 second. Its fixes carry on and the checks made so far are kept: make the same pack again in a minute and it goes on from there, without charging again.',
    );
  }

  const fixes = await t.database.db
    .select()
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.type, 'listing-prepare')));
  expect(fixes.map((row) => [row.status, row.credits])).toEqual([['queued', 1]]);
  expect(await balanceOf(t.database.db, userId)).toBe(before - 1);
});
