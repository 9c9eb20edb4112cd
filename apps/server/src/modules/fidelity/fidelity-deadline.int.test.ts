import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import {
  giveCredits,
  givePlan,
  post,
  productPhoto,
  uploadImage,
  userIdOf,
  waitForGeneration,
} from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { plainBackgroundSegmenter } from '../../../test/plain-background-segmenter';
import { generations } from '../../db/schema';
import type { Segmenter } from '../../platform/engine/garment-fidelity';
import type { GenerationProvider } from '../../platform/providers/types';
import { balanceOf } from '../credits/credits.service';

/*
 * The garment-fidelity check never fails paid work (ADR 037): a job whose deadline is close when
 * its outputs are stored settles them unscored instead of running a check the deadline would cut
 * short (which failed and refunded the stored result). Its own file: the worker runs one job at a
 * time here, so the second job can be given a close deadline while it waits.
 */
let runs = 0;
let release: () => void = () => undefined;
const gate = new Promise<void>((resolve) => {
  release = resolve;
});
/** Once set, each segmentation takes longer than the job has left. */
let slow = false;

const provider: GenerationProvider = {
  name: 'test',
  capabilities: () => ['try-on'],
  async run(job) {
    if (job.type !== 'try-on') throw new Error(`unexpected ${job.type}`);
    runs++;
    if (runs === 1) await gate;
    else slow = true;
    const data = await sharp(await job.garment.load())
      .png()
      .toBuffer();
    return { outputs: [{ kind: 'image', data, contentType: 'image/png' }] };
  },
  prompt: () => Promise.resolve({ prompt: '', preview: true }),
};

const segmenter: Segmenter = async (image) => {
  if (slow) await new Promise((resolve) => setTimeout(resolve, 10_000));
  return plainBackgroundSegmenter(image);
};

let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp({
    worker: true,
    provider,
    garmentSegmenter: segmenter,
    env: { RATE_LIMIT_MULTIPLIER: '100', WORKER_CONCURRENCY: '1' },
  });
  ({ cookie } = await signUp(t.app));
  userId = await userIdOf(t.app, cookie);
  await givePlan(t.database.db, userId, 'pro_monthly');
  await giveCredits(t.database.db, userId, 20);
});

it('settles stored work unscored when the deadline is too close for the check; still charged', async () => {
  const garmentUrl = await uploadImage(t.app, cookie, await productPhoto(400, 500, '#d23c3c'));
  const tryOn = async () => {
    const res = await post(t.app, cookie, '/api/v1/try-on/generate', {
      garment: { imageUrl: garmentUrl },
      model: { kind: 'photo', imageUrl: garmentUrl },
    });
    expect(res.statusCode).toBe(202);
    return res.json<{ generationId: string }>().generationId;
  };
  const first = await tryOn();
  const second = await tryOn();
  // The second waits behind the first: 8 s left when a worker takes it.
  await t.database.db
    .update(generations)
    .set({ deadlineAt: sql`now() + interval '8 seconds'` })
    .where(eq(generations.id, second));
  const balance = await balanceOf(t.database.db, userId);
  release();

  expect((await waitForGeneration(t.app, cookie, first)).status).toBe('succeeded');
  const settled = await waitForGeneration(t.app, cookie, second);
  expect(settled.status).toBe('succeeded');
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/generations/${second}`,
    headers: { cookie },
  });
  const { generation } = res.json<{
    generation: { fidelity: unknown; imageUrls: string[]; creditCost: number };
  }>();
  expect(generation.imageUrls).toHaveLength(1);
  expect(generation.fidelity).toBeNull();
  // Both were reserved at the ask; neither was refunded.
  expect(await balanceOf(t.database.db, userId)).toBe(balance);
  expect(generation.creditCost).toBeGreaterThan(0);
}, 60_000);
