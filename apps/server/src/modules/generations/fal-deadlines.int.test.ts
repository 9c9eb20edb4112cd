import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFal, startFakeFal, webhookAppEnv } from '../../../test/fake-fal-server';
import {
  jobsSettled,
  newUser,
  post,
  productPhoto,
  uploadImage,
  waitUntil,
  settlementsOf,
} from '../../../test/generation-helpers';
import {
  childProcessEnv,
  createTestApp,
  tempDir,
  testDatabaseUrl,
  type TestApp,
} from '../../../test/harness';
import { providerCosts } from '../../db/schema';
import { DEFAULT_FAL_MODELS } from '../../platform/providers/fal-provider';
import { DEADLINE_MESSAGE } from '../../platform/providers/types';
import { balanceOf } from '../credits/credits.service';
import { findGeneration } from './generations.repository';

/*
 * fal never runs what we refunded (issue 31): with GENERATION_DEADLINE_SECONDS=5, work fal keeps
 * IN_PROGRESS is cancelled at fal before it is refunded, its submission carried a start timeout
 * inside the deadline, and a result fal sends anyway is recorded as our cost and charged to nobody.
 * The fake keeps every request running however often it is polled and ignores the cancel, as a
 * model that does not handle cancellation does; webhooks are on and the fallback poll is 10
 * minutes away, so a result reaches us only when the test posts it.
 */

const API_KEY = 'test-key';
const UPSCALER = DEFAULT_FAL_MODELS.upscaler;
let fake: FakeFal;
let t: TestApp;
const startedAt = new Date();

beforeAll(async () => {
  fake = await startFakeFal({ apiKey: API_KEY });
  fake.setDefaultScript({ queueSteps: 0, progressSteps: 1_000_000, ignoresCancel: true });
  t = await createTestApp({
    env: {
      DATA_DIR: await tempDir('studio-fal-deadlines-'),
      RATE_LIMIT_MULTIPLIER: '100',
      ...webhookAppEnv(fake, API_KEY),
      GENERATION_DEADLINE_SECONDS: '5',
      FAL_PRICES: JSON.stringify({ [UPSCALER]: { usd: 0.08, per: 'image' } }),
    },
    worker: true,
  });
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
});

async function startUpscale() {
  const { cookie, id: userId } = await newUser(t, { credits: 20 });
  const image = await uploadImage(t.app, cookie, await productPhoto());
  const before = await balanceOf(t.database.db, userId);
  const res = await post(t.app, cookie, '/api/v1/upscaler', {
    imageUrl: image,
    upscaleFactor: '2x',
  });
  expect(res.statusCode, res.body).toBe(202);
  const { generationId } = res.json<{ generationId: string }>();
  let requestId = '';
  await waitUntil('fal to get the work', async () => {
    const handle = (await findGeneration(t.database.db, generationId))?.providerRequestId ?? '';
    requestId = handle.slice(handle.lastIndexOf(':') + 1);
    return requestId !== '';
  });
  const submission = fake.submissions.find((s) => s.requestId === requestId);
  if (!submission) throw new Error('the fake saw no submission');
  /** fal calling back the URL it was given, signed as fal signs, with the model's output. */
  const deliver = () => {
    const url = new URL(submission.webhookUrl ?? '');
    const body = JSON.stringify({
      request_id: requestId,
      gateway_request_id: requestId,
      status: 'OK',
      payload: { image: { url: fake.fileUrl('output.png'), content_type: 'image/png' } },
    });
    return t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: fake.signWebhook(requestId, body),
      payload: body,
    });
  };
  return { userId, generationId, requestId, submission, before, deliver };
}

async function settled(generationId: string) {
  await waitUntil('the generation to settle', async () => {
    const row = await findGeneration(t.database.db, generationId);
    return row?.status === 'succeeded' || row?.status === 'failed';
  });
  await waitUntil('its job to end', () => jobsSettled(t, generationId));
  return findGeneration(t.database.db, generationId);
}

const costRow = async (requestId: string) =>
  (
    await t.database.db.select().from(providerCosts).where(eq(providerCosts.requestId, requestId))
  )[0];

describe('a fal request still running at the generation’s deadline', () => {
  let job: Awaited<ReturnType<typeof startUpscale>>;

  it('was submitted with a start timeout inside the deadline', async () => {
    job = await startUpscale();
    expect(job.submission.startTimeout).toBeGreaterThanOrEqual(1);
    expect(job.submission.startTimeout).toBeLessThanOrEqual(5);
  });

  it('is cancelled at fal, then refunded once', async () => {
    const row = await settled(job.generationId);

    expect(row).toMatchObject({ status: 'failed', error: DEADLINE_MESSAGE });
    expect(
      fake.calls.filter((c) => c.kind === 'cancel' && c.requestId === job.requestId).length,
    ).toBeGreaterThanOrEqual(1);
    expect(await settlementsOf(t.database.db, job.userId, job.generationId)).toEqual({
      captures: 0,
      releases: 1,
    });
    expect(await balanceOf(t.database.db, job.userId)).toBe(job.before);
    expect(await costRow(job.requestId)).toMatchObject({ outcome: 'cancelled', costUsd: null });
  });

  it('a result fal sends anyway changes no balance and is recorded as our cost', async () => {
    const res = await job.deliver();

    expect(res.statusCode, res.body).toBe(200);
    expect(await findGeneration(t.database.db, job.generationId)).toMatchObject({
      status: 'failed',
    });
    expect(await settlementsOf(t.database.db, job.userId, job.generationId)).toEqual({
      captures: 0,
      releases: 1,
    });
    expect(await balanceOf(t.database.db, job.userId)).toBe(job.before);
    expect(await costRow(job.requestId)).toMatchObject({
      generationId: job.generationId,
      modelId: UPSCALER,
      outcome: 'late',
      units: 1,
      costUsd: 0.08,
    });
  });
});

describe('npm run admin -- provider-costs', () => {
  it('prices the refunded work per tool and says the share nobody paid for', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/admin.ts', 'provider-costs', '--since', startedAt.toISOString()],
      {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: childProcessEnv({ DATABASE_URL: await testDatabaseUrl(), LOG_LEVEL: 'silent' }),
      },
    );

    const row = (label: string, requests: number, usd: string, unpriced: number) =>
      `${label.padEnd(22)}${String(requests).padStart(9)}${usd.padStart(12)}${String(unpriced).padStart(10)}`;
    const lines = stdout.split('\n');
    expect(lines).toContain(row('upscaler', 1, '$0.0800', 0));
    expect(lines).toContain(row('refunded', 1, '$0.0800', 0));
    expect(lines).toContain('Spent on refunded or free work: $0.0800 of $0.0800 (100.0 %)');
    // What the ADR quotes comes from this run.
    console.info(stdout);
  });
});
