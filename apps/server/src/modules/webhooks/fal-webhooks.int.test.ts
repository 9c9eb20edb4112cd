import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeFal,
  requestError,
  startFakeFal,
  webhookAppEnv,
} from '../../../test/fake-fal-server';
import {
  newUser,
  post,
  productPhoto,
  settlementsOf,
  uploadImage,
} from '../../../test/generation-helpers';
import { createTestApp, type TestApp } from '../../../test/harness';
import { falWebhookDeliveries, providerCosts } from '../../db/schema';
import { SUBMIT_INTERRUPTED } from '../generations/generation-runner';
import { balanceOf } from '../credits/credits.service';
import { findGeneration } from '../generations/generations.repository';

/*
 * fal's webhooks end to end (ADR 035): the route through buildApp() on real PostgreSQL, the worker
 * waiting on the fake fal server. The fake keeps every request IN_PROGRESS however often it is
 * polled, and the fallback poll runs every 10 minutes: a job that finishes here within seconds was
 * finished by its webhook.
 */

const API_KEY = 'test-key';
const PUBLIC_URL = 'http://localhost:3000';
const WEBHOOK_PATH = '/api/v1/webhooks/fal';
let fake: FakeFal;
let dataDir: string;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeFal({ apiKey: API_KEY });
  fake.setDefaultScript({ queueSteps: 0, progressSteps: 1_000_000, outcome: 'ok' });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-fal-webhooks-'));
  t = await createTestApp({
    env: {
      DATA_DIR: dataDir,
      PUBLIC_URL,
      RATE_LIMIT_MULTIPLIER: '100',
      ...webhookAppEnv(fake, API_KEY),
      GENERATION_LEASE_SECONDS: '5',
    },
    worker: true,
  });
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

interface Started {
  cookie: string;
  userId: string;
  generationId: string;
  requestId: string;
}

/** An upscale submitted to fal and waiting on it (fal keeps it IN_PROGRESS). */
async function startUpscale(): Promise<Started> {
  const { cookie, id: userId } = await newUser(t, { credits: 20 });
  const image = await uploadImage(t.app, cookie, await productPhoto());
  const res = await post(t.app, cookie, '/api/v1/upscaler', {
    imageUrl: image,
    upscaleFactor: '2x',
  });
  expect(res.statusCode, res.body).toBe(202);
  const { generationId } = res.json<{ generationId: string }>();
  const requestId = await waitFor('the fal request id', async () => {
    const handle = (await findGeneration(t.database.db, generationId))?.providerRequestId ?? '';
    const id = handle.slice(handle.lastIndexOf(':') + 1);
    // The first status poll answered: the job now waits on its webhook (or the 10-minute poll).
    return id && fake.calls.some((c) => c.requestId === id && c.kind === 'status') ? id : null;
  });
  return { cookie, userId, generationId, requestId };
}

async function waitFor<T>(what: string, check: () => Promise<T | null>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function rowOf(generationId: string) {
  const row = await findGeneration(t.database.db, generationId);
  if (!row) throw new Error(`no generation ${generationId}`);
  return row;
}

const waitSettled = (generationId: string) =>
  waitFor('the generation to settle', async () => {
    const row = await rowOf(generationId);
    return ['succeeded', 'failed', 'canceled'].includes(row.status) ? row : null;
  });

function okBody(requestId: string): string {
  return JSON.stringify({
    request_id: requestId,
    gateway_request_id: requestId,
    status: 'OK',
    payload: { image: { url: fake.fileUrl('output.png'), content_type: 'image/png' } },
  });
}

function postWebhook(body: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload: body });
}

const callsFor = (requestId: string, kind: string) =>
  fake.calls.filter((c) => c.requestId === requestId && c.kind === kind);

async function deliveryStored(requestId: string) {
  const rows = await t.database.db
    .select()
    .from(falWebhookDeliveries)
    .where(eq(falWebhookDeliveries.requestId, requestId));
  return rows.length > 0;
}

/** Ends a job the test left waiting, so no worker waits ten minutes on it at shutdown. */
async function finish(job: Started) {
  const res = await postWebhook(
    okBody(job.requestId),
    fake.signWebhook(job.requestId, okBody(job.requestId)),
  );
  expect(res.statusCode).toBe(200);
  await waitSettled(job.generationId);
}

describe("fal's webhooks", () => {
  let finished: Started & { body: string; headers: Record<string, string> };

  it('submits with our webhook URL, and a valid webhook finishes the job at once without polling', async () => {
    const job = await startUpscale();
    const submission = fake.submissions.find((s) => s.requestId === job.requestId);
    const webhookUrl = new URL(submission?.webhookUrl ?? '');
    expect(webhookUrl.origin + webhookUrl.pathname).toBe(`${PUBLIC_URL}${WEBHOOK_PATH}`);
    // The URL names the work, so a completion whose id we lost is still recognised (issue 29).
    expect(webhookUrl.searchParams.get('generation')).toBe(job.generationId);
    const statusPolls = callsFor(job.requestId, 'status').length;

    const body = okBody(job.requestId);
    const headers = fake.signWebhook(job.requestId, body);
    const res = await postWebhook(body, headers);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const row = await waitSettled(job.generationId);
    expect(row.status).toBe('succeeded');
    expect(row.imageUrls).toHaveLength(1);
    // The result came with the webhook: it was never read from fal, and fal still says
    // IN_PROGRESS, so no poll could have finished it. One status read asked for the compute time.
    expect(callsFor(job.requestId, 'result')).toHaveLength(0);
    expect(callsFor(job.requestId, 'status')).toHaveLength(statusPolls + 1);
    expect(await settlementsOf(t.database.db, job.userId, job.generationId)).toEqual({
      captures: 1,
      releases: 0,
    });
    finished = { ...job, body, headers };
  });

  it("caches fal's keys, and fetches them again once for a key it does not know", async () => {
    // Every webhook so far was checked against one fetch of the key set.
    expect(fake.jwksFetches).toBe(1);
    fake.rotateWebhookKey();
    const job = await startUpscale();

    await finish(job);
    expect((await rowOf(job.generationId)).status).toBe('succeeded');
    expect(fake.jwksFetches).toBe(2);

    // A forged signature does not make us fetch again: refreshes are at most every 5 minutes.
    const stranger = generateKeyPairSync('ed25519').privateKey;
    const forged = okBody(randomUUID());
    const id = (JSON.parse(forged) as { request_id: string }).request_id;
    const res = await postWebhook(forged, fake.signWebhook(id, forged, { key: stranger }));
    expect(res.statusCode).toBe(401);
    expect(fake.jwksFetches).toBe(2);
  });

  it('fails and refunds at once on an ERROR webhook, with the reason fal gives the result (ADR 033)', async () => {
    const job = await startUpscale();
    const before = await balanceOf(t.database.db, job.userId);
    // fal gave up on the request: its result now answers the typed failure.
    fake.setRequestScript(job.requestId, {
      progressSteps: 0,
      outcome: requestError(504, 'request_timeout'),
    });
    const body = JSON.stringify({
      request_id: job.requestId,
      gateway_request_id: job.requestId,
      status: 'ERROR',
      error: 'Invalid status code: 504',
      payload: { detail: 'Request failed', error_type: 'request_timeout' },
    });

    const res = await postWebhook(body, fake.signWebhook(job.requestId, body));

    expect(res.statusCode).toBe(200);
    const row = await waitSettled(job.generationId);
    expect(row.status).toBe('failed');
    expect(row.error).toBe('The provider timed out before the result was ready');
    expect(await settlementsOf(t.database.db, job.userId, job.generationId)).toEqual({
      captures: 0,
      releases: 1,
    });
    expect(await balanceOf(t.database.db, job.userId)).toBeGreaterThan(before);
  });

  it('refuses a forged, stale, tampered or unsigned webhook with 401 and changes nothing', async () => {
    const job = await startUpscale();
    const body = okBody(job.requestId);
    const stranger = generateKeyPairSync('ed25519').privateKey;
    const stale = Math.floor(Date.now() / 1000) - 301;
    const valid = fake.signWebhook(job.requestId, body);
    const { 'x-fal-webhook-signature': _signature, ...unsigned } = valid;
    const attempts: [string, string, Record<string, string>][] = [
      ['another key', body, fake.signWebhook(job.requestId, body, { key: stranger })],
      ['a stale timestamp', body, fake.signWebhook(job.requestId, body, { timestamp: stale })],
      ['a changed body', body.replace('output.png', 'other.png'), valid],
      ['no signature', body, unsigned],
      [
        'another request id in the body',
        okBody(randomUUID()),
        fake.signWebhook(job.requestId, okBody(randomUUID())),
      ],
    ];

    for (const [why, payload, headers] of attempts) {
      const res = await postWebhook(payload, headers);
      expect(res.statusCode, why).toBe(401);
      expect(res.json(), why).toEqual({
        success: false,
        error: { code: 'invalid_signature', message: 'Webhook signature verification failed.' },
      });
    }
    expect(await deliveryStored(job.requestId)).toBe(false);
    await new Promise((r) => setTimeout(r, 1_200)); // past the job's look at the inbox
    const row = await rowOf(job.generationId);
    expect(row.status).toBe('running');
    expect(callsFor(job.requestId, 'result')).toHaveLength(0);
    expect(await settlementsOf(t.database.db, job.userId, job.generationId)).toEqual({
      captures: 0,
      releases: 0,
    });
    await finish(job);
  });

  it('refuses a replay with 401, even signed afresh, and changes nothing', async () => {
    const before = await rowOf(finished.generationId);

    const replay = await postWebhook(finished.body, finished.headers);
    const resigned = await postWebhook(
      finished.body,
      fake.signWebhook(finished.requestId, finished.body),
    );

    expect(replay.statusCode).toBe(401);
    expect(resigned.statusCode).toBe(401);
    const after = await rowOf(finished.generationId);
    expect(after).toEqual(before);
    expect(await settlementsOf(t.database.db, finished.userId, finished.generationId)).toEqual({
      captures: 1,
      releases: 0,
    });
  });

  it('answers a request id no generation holds like any other, and changes nothing', async () => {
    const job = await startUpscale();
    const unknownId = randomUUID();
    const body = okBody(unknownId);

    const res = await postWebhook(body, fake.signWebhook(unknownId, body));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    await new Promise((r) => setTimeout(r, 1_200));
    expect((await rowOf(job.generationId)).status).toBe('running');
    await finish(job);
  });

  it('refuses a delivery signed for another fal account with 401 before storing it', async () => {
    const job = await startUpscale();
    const body = okBody(job.requestId);
    // fal signs every account's deliveries with the same keys: this signature is valid.
    const res = await postWebhook(
      body,
      fake.signWebhook(job.requestId, body, { userId: 'someone-else-at-fal' }),
    );

    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'invalid_signature' } });
    expect(await deliveryStored(job.requestId)).toBe(false);
    expect((await rowOf(job.generationId)).status).toBe('running');
    await finish(job);
  });

  it('bounds the body', async () => {
    const body = JSON.stringify({ request_id: 'x', status: 'OK', payload: 'a'.repeat(300_000) });
    const res = await postWebhook(body, fake.signWebhook('x', body));
    expect(res.statusCode).toBe(413);
  });
});

describe('a fal request whose id was lost between fal accepting it and our storing it (issue 29)', () => {
  /** An upscale whose submission fal accepts but whose answer (the request id) never arrives. */
  async function startLostSubmission() {
    const { cookie, id: userId } = await newUser(t, { credits: 20 });
    const image = await uploadImage(t.app, cookie, await productPhoto());
    const before = await balanceOf(t.database.db, userId);
    const held = fake.holdNextSubmitAnswer();
    const res = await post(t.app, cookie, '/api/v1/upscaler', { imageUrl: image });
    expect(res.statusCode, res.body).toBe(202);
    const { generationId } = res.json<{ generationId: string }>();
    const requestId = await held.accepted;
    const submission = fake.submissions.find((s) => s.requestId === requestId);
    const tagged = new URL(submission?.webhookUrl ?? '');
    /** fal calling back the URL it was given, signed as fal signs. */
    const complete = () => {
      const body = okBody(requestId);
      return t.app.inject({
        method: 'POST',
        url: tagged.pathname + tagged.search,
        headers: fake.signWebhook(requestId, body),
        payload: body,
      });
    };
    const lose = () => {
      held.lose();
    };
    return { userId, generationId, requestId, before, complete, lose };
  }

  const costOf = async (requestId: string) =>
    (
      await t.database.db.select().from(providerCosts).where(eq(providerCosts.requestId, requestId))
    )[0];

  it('records what fal ran for refunded work as our cost, and never charges the user', async () => {
    const job = await startLostSubmission();
    job.lose();
    const failed = await waitSettled(job.generationId);
    expect(failed).toMatchObject({ status: 'failed', error: SUBMIT_INTERRUPTED });

    const res = await job.complete();
    expect(res.statusCode, res.body).toBe(200);
    // Before: the delivery was stored and nothing said whose work fal had run and billed.
    expect(await costOf(job.requestId)).toMatchObject({
      generationId: job.generationId,
      provider: 'fal',
      modelId: fake.submissions.find((s) => s.requestId === job.requestId)?.modelId,
      outcome: 'unclaimed',
    });
    expect(await rowOf(job.generationId)).toMatchObject({ status: 'failed' });
    expect(await settlementsOf(t.database.db, job.userId, job.generationId)).toEqual({
      captures: 0,
      releases: 1,
    });
    expect(await balanceOf(t.database.db, job.userId)).toBe(job.before);
  });

  it('gives the id back to work still waiting on it, which then collects its result once', async () => {
    const job = await startLostSubmission();
    const res = await job.complete();
    expect(res.statusCode, res.body).toBe(200);
    const adopted = await rowOf(job.generationId);
    expect(adopted.providerRequestId?.endsWith(`:${job.requestId}`)).toBe(true);

    job.lose();
    const row = await waitSettled(job.generationId);
    // Before: failed and refunded with the "interrupted while it was being sent" message.
    expect(row).toMatchObject({ status: 'succeeded' });
    expect(row.imageUrls).toHaveLength(1);
    // Its cost is the generation's own, charged to the user: not unclaimed (issue 31).
    expect(await costOf(job.requestId)).toMatchObject({
      generationId: job.generationId,
      outcome: 'completed',
    });
    expect(await settlementsOf(t.database.db, job.userId, job.generationId)).toEqual({
      captures: 1,
      releases: 0,
    });
  });

  it('ignores a tag signed for another generation (no adoption, no cost row)', async () => {
    const job = await startLostSubmission();
    const body = okBody(job.requestId);
    const res = await t.app.inject({
      method: 'POST',
      url: `${WEBHOOK_PATH}?generation=${job.generationId}&model=fal-ai%2Fx&requests=1&sig=forged`,
      headers: fake.signWebhook(job.requestId, body),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(job.generationId)).providerRequestId).toBe('');
    expect(await costOf(job.requestId)).toBeUndefined();
    job.lose();
    expect(await waitSettled(job.generationId)).toMatchObject({ status: 'failed' });
  });
});
