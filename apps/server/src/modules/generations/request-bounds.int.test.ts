import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giveCredits,
  post,
  productPhoto,
  uploadImage,
  userIdOf,
} from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { generations } from '../../db/schema';

/* Issue 19: unbounded inputs were looked up one by one and kept in the generation's settings. */

let dataDir: string;
let t: TestApp;
let cookie: string;
let userId: string;
let image: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-bounds-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '100' } });
  ({ cookie } = await signUp(t.app));
  userId = await userIdOf(t.app, cookie);
  await giveCredits(t.database.db, userId, 50);
  image = await uploadImage(t.app, cookie, await productPhoto());
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

const stored = () => t.database.db.select().from(generations).where(eq(generations.userId, userId));

describe('generate payloads are bounded', () => {
  it('refuses a pose with 20,000 image URLs before looking any up, and stores nothing', async () => {
    const res = await post(t.app, cookie, '/api/v1/ai-poses/generate', {
      inputImageUrls: [image],
      method: 'preselected',
      pose: { poseId: 'p1', imageUrl: Array.from({ length: 20_000 }, () => image) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'validation_failed', details: [{ path: 'pose.imageUrl' }] },
    });
    expect(await stored()).toEqual([]);
  });

  it.each([
    [
      'a template id',
      '/api/v1/realistic-tryon/generate',
      {
        clothing: { imageUrl: [image] },
        template: [{ templateId: 'x'.repeat(10_000), templateUrl: image }],
      },
    ],
    [
      'a video resolution',
      '/api/v1/video/generate',
      { inputImageUrls: [image], resolution: 'x'.repeat(10_000) },
    ],
    [
      'a pose id',
      '/api/v1/ai-poses/generate',
      { inputImageUrls: [image], pose: { poseId: 'x'.repeat(10_000) } },
    ],
  ])('refuses %s of 10,000 characters', async (_what, url, payload) => {
    const res = await post(t.app, cookie, url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_failed' } });
    expect(await stored()).toEqual([]);
  });

  it('still takes a pose preset with its image list', async () => {
    const res = await post(t.app, cookie, '/api/v1/ai-poses/generate', {
      inputImageUrls: [image],
      method: 'preselected',
      pose: { poseId: 'p1', imageUrl: [image] },
    });
    expect(res.statusCode).toBe(202);
  });
});
