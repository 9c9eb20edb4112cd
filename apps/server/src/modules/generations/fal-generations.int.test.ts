import net from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeFal,
  type FakeFalScript,
  NO_PERSON,
  requestError,
  startFakeFal,
} from '../../../test/fake-fal-server';
import {
  createSeededApp,
  firstTemplate,
  jobsSettled,
  newUser,
  post,
  productPhoto,
  toolPayloads,
  uploadImage,
  waitForGeneration,
  waitUntil,
  settlementsOf,
} from '../../../test/generation-helpers';
import type { TestApp } from '../../../test/harness';
import { providerCosts } from '../../db/schema';
import { DEFAULT_FAL_MODELS } from '../../platform/providers/fal-provider';
import { balanceOf, findBalanceMismatches } from '../credits/credits.service';
import { findGeneration } from './generations.repository';

/*
 * The generation platform on the fal provider, end to end: routes, credits, the durable queue and
 * the runner against a local fake of fal's queue API (test/fake-fal-server.ts). The fake's default
 * outputs (an 8×8 PNG, and MP4 header bytes the runner stores as is) are what the runner copies.
 */

const API_KEY = 'test-key';
const MEDIA_URL = /^\/api\/v1\/media\/[A-Za-z0-9_-]{22}$/;
let fake: FakeFal;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeFal({ apiKey: API_KEY });
  fake.setDefaultScript({ queueSteps: 1, progressSteps: 1, outcome: 'ok' });
  t = await createSeededApp('studio-fal-gen-', {
    env: {
      GENERATION_PROVIDER: 'fal',
      FAL_KEY: API_KEY,
      FAL_BASE_URL: fake.url,
      GENERATION_LEASE_SECONDS: '5',
      // Polls the fake every 50 ms instead of every second (ignored where the setting is absent).
      FAL_POLL_INTERVAL_MS: '50',
    },
  });
});
/** Models a test scripted; their scripts outlive the test unless reset. */
const scripted = new Set<string>();
function scriptModel(modelId: string, script: Partial<FakeFalScript>) {
  scripted.add(modelId);
  fake.setModelScript(modelId, script);
}
afterEach(() => {
  // An empty model script falls back to the default one.
  for (const modelId of scripted) fake.setModelScript(modelId, {});
  scripted.clear();
});
afterAll(async () => {
  // Stop the worker first: a canceled render may still be writing under its DATA_DIR.
  await t.app.close();
  await fake.close();
});

interface GenerationBody {
  success: boolean;
  generationId: string;
  status: string;
  imageUrls: string[];
  videoUrlList: string[];
  message: string;
}
interface GenerationState {
  generation: {
    status: string;
    creditCost: number;
    error: string | null;
    progress: number;
    cancelRequested: boolean;
  };
}

const get = (cookie: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

async function fetchMedia(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return { type: res.headers['content-type'], body: res.rawPayload };
}

/** The stored row; `providerRequestId` is `<model id>:<fal request id>` once fal accepted the work. */
async function rowOf(generationId: string) {
  const row = await findGeneration(t.database.db, generationId);
  if (!row) throw new Error(`no generation ${generationId}`);
  return row;
}

function falHandle(providerRequestId: string | null) {
  const handle = providerRequestId ?? '';
  const colon = handle.lastIndexOf(':');
  return { modelId: handle.slice(0, Math.max(0, colon)), requestId: handle.slice(colon + 1) };
}

const callsFor = (requestId: string, kind?: string) =>
  fake.calls.filter((c) => c.requestId === requestId && (kind === undefined || c.kind === kind));

/** Runs the queue's retries of this generation now instead of after their backoff (2–64 s). */
async function pullRetriesForward(generationId: string) {
  await t.database.pool.query(
    `update pgboss.job set start_after = now()
      where name = 'generation' and state = 'retry' and data->>'generationId' = $1`,
    [generationId],
  );
}

describe('a generation on the fake fal server', () => {
  it.each([
    ['try-on', '/api/v1/try-on/generate', DEFAULT_FAL_MODELS['try-on'], 1, undefined],
    [
      'realistic try-on',
      '/api/v1/realistic-tryon/generate',
      DEFAULT_FAL_MODELS['realistic-try-on'],
      1,
      undefined,
    ],
    [
      'AI designer',
      '/api/v1/ai-designer/generate',
      DEFAULT_FAL_MODELS['ai-designer'],
      2,
      undefined,
    ],
    ['AI poses', '/api/v1/ai-poses/generate', DEFAULT_FAL_MODELS['ai-poses'], 1, undefined],
    [
      'product photoshoot',
      '/api/v1/photoshoot/generate',
      DEFAULT_FAL_MODELS.photoshoot,
      2,
      undefined,
    ],
    [
      'fashion extractor',
      '/api/v1/fashion-extractor/generate',
      DEFAULT_FAL_MODELS['fashion-extractor'],
      1,
      'plus_monthly' as const,
    ],
    [
      'video',
      '/api/v1/video/generate',
      DEFAULT_FAL_MODELS['video-generation'],
      1,
      'pro_monthly' as const,
    ],
    [
      'background removal',
      '/api/v1/background-removal',
      DEFAULT_FAL_MODELS['background-removal'],
      1,
      undefined,
    ],
    ['upscale 2x', '/api/v1/upscaler', DEFAULT_FAL_MODELS.upscaler, 1, undefined],
    ['upscale 4k', '/api/v1/upscaler#4k', DEFAULT_FAL_MODELS['upscale-4k'], 1, undefined],
  ])(
    'runs %s with one fal request, stores the outputs as our media and captures the price',
    async (_name, url, modelId, outputCount, plan) => {
      const user = await newUser(t, { credits: 40, ...(plan ? { plan } : {}) });
      const image = await uploadImage(t.app, user.cookie, await productPhoto());
      const template = await firstTemplate(t.app, user.cookie);
      const payloads = toolPayloads(image, template);
      const before = await balanceOf(t.database.db, user.id);
      const submitted = fake.submissions.length;

      const [path = url, factor] = url.split('#');
      const payload = path.endsWith('/upscaler')
        ? { imageUrl: image, upscaleFactor: factor ?? '2x' }
        : payloads[url];
      const res = await post(t.app, user.cookie, `${path}?wait=60`, payload);

      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<GenerationBody>();
      expect(body.success, body.message).toBe(true);
      const video = url.includes('video');
      const fakeMp4 = Buffer.from(await (await fetch(fake.fileUrl('output.mp4'))).arrayBuffer());
      const outputs = video ? body.videoUrlList : body.imageUrls;
      expect(outputs).toHaveLength(outputCount);
      expect(video ? body.imageUrls : body.videoUrlList).toEqual([]);
      for (const output of outputs) {
        // Our own media, not fal's (expiring) file URLs.
        expect(output).toMatch(MEDIA_URL);
        const media = await fetchMedia(output);
        if (video) {
          expect(media.type).toBe('video/mp4');
          expect(media.body.equals(fakeMp4)).toBe(true);
        } else {
          expect(media.type).toMatch(/^image\//);
          const meta = await sharp(media.body).metadata();
          expect([meta.width, meta.height]).toEqual([8, 8]); // the fake's output.png
        }
      }

      // Exactly one fal request, and it is the one the generation recorded.
      const submissions = fake.submissions.slice(submitted);
      expect(submissions.map((s) => s.modelId)).toEqual([modelId]);
      const row = await rowOf(body.generationId);
      expect(row.providerRequestId).toBe(`${modelId}:${submissions[0]?.requestId ?? ''}`);
      expect(row.attempts).toBe(1);
      expect(callsFor(submissions[0]?.requestId ?? '', 'result')).toHaveLength(1);
      // The compute time fal reported for it (the fake says 0.25 s per request).
      expect(row.providerInferenceMs).toBe(250);

      const state = await get(user.cookie, `/api/v1/generations/${body.generationId}`);
      const { generation } = state.json<GenerationState>();
      expect(generation).toMatchObject({ status: 'succeeded', progress: 100, error: null });
      expect(await balanceOf(t.database.db, user.id)).toBe(before - generation.creditCost);
      expect(await settlementsOf(t.database.db, user.id, body.generationId)).toEqual({
        captures: 1,
        releases: 0,
      });
    },
    60_000,
  );
});

describe('settings a model cannot honour', () => {
  it('says them with the result: a performance video renders at 480p, and the generation keeps it', async () => {
    const user = await newUser(t, { credits: 40, plan: 'pro_monthly' });
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const submitted = fake.submissions.length;

    const res = await post(t.app, user.cookie, '/api/v1/video/generate?wait=60', {
      inputImageUrls: [image],
      duration: 10,
      mode: 'performance',
    });

    const body = res.json<GenerationBody>();
    expect(body.success, body.message).toBe(true);
    const note = 'Rendered at 480p: the video model has no 360p.';
    expect(body.message).toBe(note);
    expect(fake.submissions.slice(submitted).map((s) => s.input)).toMatchObject([
      { resolution: '480p', duration: '10' },
    ]);
    const state = await get(user.cookie, `/api/v1/generations/${body.generationId}`);
    expect(
      state.json<{ generation: { previewNote: string | null } }>().generation.previewNote,
    ).toBe(note);
  }, 60_000);
});

describe('provider failures', () => {
  it.each([
    ['a 500 result after COMPLETED', '500' as const, 'The provider failed to produce a result'],
    ['a 422 result with a detail message', '422' as const, NO_PERSON],
  ])(
    'fails on %s with a readable error and releases the credits once',
    async (_name, outcome, message) => {
      scriptModel(DEFAULT_FAL_MODELS['background-removal'], { outcome });
      const user = await newUser(t, { credits: 10 });
      const image = await uploadImage(t.app, user.cookie, await productPhoto());
      const before = await balanceOf(t.database.db, user.id);
      const submitted = fake.submissions.length;

      const res = await post(t.app, user.cookie, '/api/v1/background-removal?wait=60', {
        imageUrl: image,
      });

      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<GenerationBody>();
      expect(body).toMatchObject({ success: false, status: 'failed', imageUrls: [] });
      expect(body.message).toContain(message);
      const state = await get(user.cookie, `/api/v1/generations/${body.generationId}`);
      const { generation } = state.json<GenerationState>();
      expect(generation.status).toBe('failed');
      expect(generation.error).toContain(message);

      // A model's verdict is final: one request, its result read once, no retry.
      const submissions = fake.submissions.slice(submitted);
      expect(submissions).toHaveLength(1);
      expect(callsFor(submissions[0]?.requestId ?? '', 'result')).toHaveLength(1);
      await waitUntil('the job to end', () => jobsSettled(t, body.generationId));
      expect((await rowOf(body.generationId)).attempts).toBe(1);

      expect(await balanceOf(t.database.db, user.id)).toBe(before);
      expect(await settlementsOf(t.database.db, user.id, body.generationId)).toEqual({
        captures: 0,
        releases: 1,
      });
      expect(await findBalanceMismatches(t.database.db)).toEqual([]);

      const history = await get(
        user.cookie,
        `/api/v1/credit-transactions/generation-history/${user.id}`,
      );
      expect(history.statusCode).toBe(200);
      const usage = history.json<{
        current_balance: number;
        usage_by_type: Record<string, unknown>;
        generation_history: { id: string; status: string; credits_used: number }[];
      }>();
      expect(usage.current_balance).toBe(before);
      expect(usage.usage_by_type).toEqual({});
      expect(usage.generation_history.find((item) => item.id === body.generationId)).toMatchObject({
        status: 'refunded',
        credits_used: generation.creditCost,
      });
    },
    60_000,
  );

  it('rides out 5 failed status polls (503) with a queue retry that resumes the same fal request', async () => {
    const user = await newUser(t, { credits: 10 });
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const before = await balanceOf(t.database.db, user.id);
    const submitted = fake.submissions.length;
    // The provider tolerates 3 failed polls in a row; the 4th goes to the queue as transient, and
    // the retry's first poll fails once more before fal answers again.
    fake.failNext('status', 503, 5);

    const res = await post(t.app, user.cookie, '/api/v1/background-removal?wait=60', {
      imageUrl: image,
    });

    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<GenerationBody>();
    expect(body.success, body.message).toBe(true);
    expect(body.imageUrls).toHaveLength(1);
    expect(body.imageUrls[0]).toMatch(MEDIA_URL);
    const submissions = fake.submissions.slice(submitted);
    expect(submissions).toHaveLength(1);
    const requestId = submissions[0]?.requestId ?? '';
    expect(callsFor(requestId, 'status').filter((c) => c.httpStatus === 503)).toHaveLength(5);
    expect(callsFor(requestId, 'result')).toHaveLength(1);
    const row = await rowOf(body.generationId);
    expect(row.attempts).toBe(2); // the queue ran the job twice
    expect(falHandle(row.providerRequestId).requestId).toBe(requestId);
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 1);
    expect(await settlementsOf(t.database.db, user.id, body.generationId)).toEqual({
      captures: 1,
      releases: 0,
    });
  }, 60_000);

  // fal's retry override on a finished request's result (issue 31): the result cannot change, so
  // the work is submitted once more as a new request instead of reading the same result again.
  it('resubmits once as a new request when the result says X-Fal-Needs-Retry: 1, and charges once', async () => {
    const user = await newUser(t, { credits: 10 });
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const before = await balanceOf(t.database.db, user.id);
    const submitted = fake.submissions.length;
    fake.failNext('result', 503, 1, {
      headers: { 'x-fal-needs-retry': '1' },
      body: { detail: 'Runner failed' },
    });

    const res = await post(t.app, user.cookie, '/api/v1/background-removal?wait=60', {
      imageUrl: image,
    });

    const body = res.json<GenerationBody>();
    expect(body.success, body.message).toBe(true);
    const [first, second, ...more] = fake.submissions.slice(submitted);
    expect(more).toEqual([]);
    expect(second?.input).toEqual(first?.input);
    expect(callsFor(first?.requestId ?? '', 'result')).toHaveLength(1);
    expect(callsFor(second?.requestId ?? '', 'result')).toHaveLength(1);
    const row = await rowOf(body.generationId);
    expect(row.attempts).toBe(1);
    expect(row.providerRequestId?.endsWith(`:+${second?.requestId ?? ''}`)).toBe(true);
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 1);
    expect(await settlementsOf(t.database.db, user.id, body.generationId)).toEqual({
      captures: 1,
      releases: 0,
    });
    // Both requests are recorded: the failed one (a 5xx fal does not bill) and the one that ran.
    await waitUntil('both costs to be recorded', async () => {
      const costs = await t.database.db
        .select({ outcome: providerCosts.outcome, costUsd: providerCosts.costUsd })
        .from(providerCosts)
        .where(eq(providerCosts.generationId, body.generationId));
      return (
        costs.length === 2 &&
        costs.some((c) => c.outcome === 'failed' && c.costUsd === 0) &&
        costs.some((c) => c.outcome === 'completed')
      );
    });
  }, 60_000);

  // A 503 on submit is fal's gateway refusing the work: nothing was accepted (no request id), so
  // the queue retry may submit again, and exactly one accepted request is then polled to the end.
  it('retries a submit refused with 503: the second submission is accepted and polled to success', async () => {
    const user = await newUser(t, { credits: 10 });
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const before = await balanceOf(t.database.db, user.id);
    const calls = fake.calls.length;
    fake.failNext('submit', 503, 1);

    const res = await post(t.app, user.cookie, '/api/v1/background-removal?wait=60', {
      imageUrl: image,
    });

    const body = res.json<GenerationBody>();
    const submits = fake.calls.slice(calls).filter((c) => c.kind === 'submit');
    expect(submits.map((c) => c.httpStatus)).toEqual([503, 200]);
    expect(body.success, body.message).toBe(true);
    const { requestId } = falHandle((await rowOf(body.generationId)).providerRequestId);
    const polled = new Set(
      fake.calls
        .slice(calls)
        .filter((c) => c.kind === 'status')
        .map((c) => c.requestId),
    );
    expect([...polled]).toEqual([requestId]);
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 1);
  }, 60_000);
});

describe('fal’s typed failures through the runner', () => {
  it('fails a try-on whose result answers 504 request_timeout at once: refunded, no retry, a readable reason', async () => {
    // fal has already retried a request_timeout itself; reading it again cannot change it.
    scriptModel(DEFAULT_FAL_MODELS['try-on'], {
      outcome: requestError(504, 'request_timeout', { inBody: false }),
    });
    const user = await newUser(t, { credits: 40 });
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const template = await firstTemplate(t.app, user.cookie);
    const url = '/api/v1/try-on/generate';
    const before = await balanceOf(t.database.db, user.id);
    const submitted = fake.submissions.length;
    const started = Date.now();

    // A short wait: before the fix the job was still retrying (running) long after this.
    const res = await post(
      t.app,
      user.cookie,
      `${url}?wait=10`,
      toolPayloads(image, template)[url],
    );

    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    const body = res.json<GenerationBody>();
    expect(body).toMatchObject({ success: false, status: 'failed', imageUrls: [] });
    const reason = 'The provider timed out before the result was ready';
    expect(body.message).toContain(reason);
    const state = await get(user.cookie, `/api/v1/generations/${body.generationId}`);
    expect(state.json<GenerationState>().generation).toMatchObject({
      status: 'failed',
      error: reason,
    });

    const submissions = fake.submissions.slice(submitted);
    expect(submissions).toHaveLength(1);
    expect(callsFor(submissions[0]?.requestId ?? '', 'result').map((c) => c.httpStatus)).toEqual([
      504,
    ]);
    await waitUntil('the job to end', () => jobsSettled(t, body.generationId));
    expect((await rowOf(body.generationId)).attempts).toBe(1);
    expect(await balanceOf(t.database.db, user.id)).toBe(before);
    expect(await settlementsOf(t.database.db, user.id, body.generationId)).toEqual({
      captures: 0,
      releases: 1,
    });
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  }, 30_000);

  it('still retries a result that answers a plain 504 without an error type, and succeeds', async () => {
    const user = await newUser(t, { credits: 10 });
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const before = await balanceOf(t.database.db, user.id);
    const submitted = fake.submissions.length;
    fake.failNext('result', 504, 1, { body: { detail: 'Gateway Timeout' } });

    const res = await post(t.app, user.cookie, '/api/v1/background-removal?wait=60', {
      imageUrl: image,
    });

    const body = res.json<GenerationBody>();
    expect(body.success, body.message).toBe(true);
    const submissions = fake.submissions.slice(submitted);
    expect(submissions).toHaveLength(1);
    const requestId = submissions[0]?.requestId ?? '';
    // The same fal request, its result read again by the queue's retry: nothing paid twice.
    expect(callsFor(requestId, 'result').map((c) => c.httpStatus)).toEqual([504, 200]);
    expect((await rowOf(body.generationId)).attempts).toBe(2); // the queue ran the job again
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 1);
    expect(await settlementsOf(t.database.db, user.id, body.generationId)).toEqual({
      captures: 1,
      releases: 0,
    });
  }, 60_000);
});

describe('cancel', () => {
  /**
   * A new user's photoshoot that fal, scripted so, has accepted and is answering status polls for:
   * the user, their balance before it, the generation and its fal request id.
   */
  async function startAtFal(script: Parameters<typeof scriptModel>[1]) {
    scriptModel(DEFAULT_FAL_MODELS.photoshoot, script);
    const user = await newUser(t, { credits: 10 });
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const before = await balanceOf(t.database.db, user.id);
    const res = await post(t.app, user.cookie, '/api/v1/photoshoot/generate', {
      inputImageUrls: [image],
      numImages: 2,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { generationId } = res.json<{ generationId: string }>();
    let requestId = '';
    await waitUntil('fal to accept the work', async () => {
      requestId = falHandle((await rowOf(generationId)).providerRequestId).requestId;
      return requestId !== '' && callsFor(requestId, 'status').length > 0;
    });
    return { user, before, generationId, requestId };
  }

  const cancel = (cookie: string, generationId: string) =>
    post(t.app, cookie, `/api/v1/generations/${generationId}/cancel`, {});

  it('asks fal to cancel work it has queued, and settles as fal then reports: canceled, released once', async () => {
    const { user, before, generationId, requestId } = await startAtFal({ queueSteps: 1000 });
    expect(callsFor(requestId, 'status').at(-1)?.httpStatus).toBe(202); // still IN_QUEUE
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 2);

    const res = await cancel(user.cookie, generationId);

    // A cancel is a signal to fal (ADR 043): the answer says it was asked, not how it ended.
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GenerationState>().generation).toMatchObject({
      status: 'running',
      cancelRequested: true,
    });
    expect(callsFor(requestId, 'cancel').map((c) => c.httpStatus)).toEqual([202]);
    // fal then reports the request cancelled; the runner settles that as the user's cancel.
    await waitUntil('the job to end', () => jobsSettled(t, generationId));
    const state = await get(user.cookie, `/api/v1/generations/${generationId}`);
    expect(state.json<GenerationState>().generation).toMatchObject({
      status: 'canceled',
      error: 'Canceled by you',
      cancelRequested: true,
    });
    expect(await balanceOf(t.database.db, user.id)).toBe(before);
    expect(await settlementsOf(t.database.db, user.id, generationId)).toEqual({
      captures: 0,
      releases: 1,
    });
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  }, 30_000);

  it('cancels and refunds at once when fal cannot be told, so nothing is charged for a lost signal', async () => {
    const { user, before, generationId, requestId } = await startAtFal({ queueSteps: 1000 });
    fake.failNext('cancel', 500, 1);

    const res = await cancel(user.cookie, generationId);

    expect(res.json<GenerationState>().generation).toMatchObject({
      status: 'canceled',
      error: 'Canceled by you',
    });
    expect(callsFor(requestId, 'cancel').map((c) => c.httpStatus)).toEqual([500]);
    await waitUntil('the job to end', () => jobsSettled(t, generationId));
    expect(await balanceOf(t.database.db, user.id)).toBe(before);
    expect(await settlementsOf(t.database.db, user.id, generationId)).toEqual({
      captures: 0,
      releases: 1,
    });
  }, 30_000);

  it('keeps the result of a running request fal still completes after the cancel, and charges it once', async () => {
    const { user, before, generationId, requestId } = await startAtFal({
      queueSteps: 0,
      progressSteps: 40,
      ignoresCancel: true,
    });

    const res = await cancel(user.cookie, generationId);

    expect(res.json<GenerationState>().generation).toMatchObject({
      status: 'running',
      cancelRequested: true,
    });
    expect(callsFor(requestId, 'cancel').map((c) => c.httpStatus)).toEqual([202]);
    await waitUntil('the job to end', () => jobsSettled(t, generationId), 20_000);
    const state = await get(user.cookie, `/api/v1/generations/${generationId}`);
    const { generation } = state.json<{
      generation: GenerationState['generation'] & { imageUrls: string[] };
    }>();
    expect(generation).toMatchObject({ status: 'succeeded', error: null, cancelRequested: true });
    expect(generation.imageUrls).toHaveLength(2);
    // A second cancel of finished work changes nothing and calls fal no more.
    const again = await cancel(user.cookie, generationId);
    expect(again.json<GenerationState>().generation.status).toBe('succeeded');
    expect(callsFor(requestId, 'cancel')).toHaveLength(1);
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 2);
    expect(await settlementsOf(t.database.db, user.id, generationId)).toEqual({
      captures: 1,
      releases: 0,
    });
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  }, 40_000);
});

describe('an expired result', () => {
  it('fails at once with a readable reason and releases the credits once', async () => {
    scriptModel(DEFAULT_FAL_MODELS['background-removal'], { outcome: 'expired' });
    const user = await newUser(t, { credits: 10 });
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const before = await balanceOf(t.database.db, user.id);

    const res = await post(t.app, user.cookie, '/api/v1/background-removal?wait=30', {
      imageUrl: image,
    });

    const body = res.json<GenerationBody>();
    expect(body).toMatchObject({ success: false, status: 'failed', imageUrls: [] });
    expect(body.message).toContain('The provider result expired');
    await waitUntil('the job to end', () => jobsSettled(t, body.generationId));
    expect((await rowOf(body.generationId)).attempts).toBe(1);
    expect(await balanceOf(t.database.db, user.id)).toBe(before);
    expect(await settlementsOf(t.database.db, user.id, body.generationId)).toEqual({
      captures: 0,
      releases: 1,
    });
  }, 30_000);
});

describe('output URLs', () => {
  let connections = 0;
  let server: net.Server;
  let trapPort = '';
  beforeAll(async () => {
    // Counts every TCP connection: the runner must not even open one to a refused address.
    server = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    trapPort = String((server.address() as net.AddressInfo).port);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it.each([
    ['a loopback address', (port: string) => `http://127.0.0.1:${port}/x.png`],
    ['a local hostname', (port: string) => `http://localhost:${port}/x.png`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
  ])(
    'fails an output URL on %s without connecting to it, and releases the credits',
    async (_name, urlFor) => {
      scriptModel(DEFAULT_FAL_MODELS['background-removal'], {
        output: { image: { url: urlFor(trapPort), content_type: 'image/png' } },
      });
      const user = await newUser(t, { credits: 10 });
      const image = await uploadImage(t.app, user.cookie, await productPhoto());
      const before = await balanceOf(t.database.db, user.id);
      const submitted = fake.submissions.length;

      const res = await post(t.app, user.cookie, '/api/v1/background-removal', {
        imageUrl: image,
      });
      expect(res.statusCode, res.body).toBe(202);
      const { generationId } = res.json<{ generationId: string }>();
      // The runner takes a refused URL for a transient fault (see the test below), so the queue
      // retries it up to its limit; the backoff is pulled forward to keep this test short.
      await waitUntil(
        'the generation to settle',
        async () => {
          await pullRetriesForward(generationId);
          return ['failed', 'succeeded'].includes((await rowOf(generationId)).status);
        },
        60_000,
      );
      const done = await waitForGeneration(t.app, user.cookie, generationId, 1_000);
      expect(done.status).toBe('failed');
      expect(done.imageUrls).toEqual([]);
      expect(done.error).toBe('The provider returned a result from a host we do not fetch');
      expect(connections).toBe(0);
      // Retries re-read the same fal request; nothing is submitted (or paid for) twice.
      expect(fake.submissions.slice(submitted)).toHaveLength(1);
      await waitUntil('the job to end', () => jobsSettled(t, generationId));
      expect(await balanceOf(t.database.db, user.id)).toBe(before);
      expect(await settlementsOf(t.database.db, user.id, generationId)).toEqual({
        captures: 0,
        releases: 1,
      });
      expect(await findBalanceMismatches(t.database.db)).toEqual([]);
    },
    90_000,
  );

  // Document 2 §8: the old client showed nothing for a response without images. Here the run fails
  // with a readable reason and its credits come back, whichever tool it was.
  it.each([
    ['product photoshoot', '/api/v1/photoshoot/generate', DEFAULT_FAL_MODELS.photoshoot, undefined],
    [
      'fashion extractor',
      '/api/v1/fashion-extractor/generate',
      DEFAULT_FAL_MODELS['fashion-extractor'],
      'plus_monthly' as const,
    ],
  ])(
    'fails a %s fal answers without images, and gives its credits back',
    async (_name, url, modelId, plan) => {
      scriptModel(modelId, { output: { images: [] } });
      const user = await newUser(t, { credits: 40, ...(plan ? { plan } : {}) });
      const image = await uploadImage(t.app, user.cookie, await productPhoto());
      const before = await balanceOf(t.database.db, user.id);

      const res = await post(t.app, user.cookie, `${url}?wait=60`, {
        inputImageUrls: [image],
      });

      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<GenerationBody>();
      expect(body.success).toBe(false);
      expect(body.imageUrls).toEqual([]);
      expect(body.message).toBe('The provider returned no output');
      await waitUntil('the job to end', () => jobsSettled(t, body.generationId));
      expect(await balanceOf(t.database.db, user.id)).toBe(before);
      expect(await settlementsOf(t.database.db, user.id, body.generationId)).toEqual({
        captures: 0,
        releases: 1,
      });
    },
    60_000,
  );

  // A refused URL is policy, not a fault: the generation fails on the first attempt.
  it('fails an output on the cloud metadata address at once, without a queue retry', async () => {
    scriptModel(DEFAULT_FAL_MODELS['background-removal'], {
      output: {
        image: { url: 'http://169.254.169.254/latest/meta-data', content_type: 'image/png' },
      },
    });
    const user = await newUser(t, { credits: 10 });
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const submitted = fake.submissions.length;

    const res = await post(t.app, user.cookie, '/api/v1/background-removal', {
      imageUrl: image,
    });
    const { generationId } = res.json<{ generationId: string }>();
    await waitUntil('fal to accept the work', () => fake.submissions.length > submitted);
    const requestId = fake.submissions[submitted]?.requestId ?? '';
    // Settled, or a second read of the result (a retry): whichever comes first.
    await waitUntil(
      'the generation to settle',
      async () =>
        (await rowOf(generationId)).status === 'failed' || callsFor(requestId, 'result').length > 1,
      20_000,
    );
    expect(callsFor(requestId, 'result')).toHaveLength(1);
    expect((await rowOf(generationId)).status).toBe('failed');
  }, 30_000);
});
