import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giveCredits,
  post,
  productPhoto,
  uploadImage,
  userIdOf,
  waitUntil,
} from '../../../test/generation-helpers';
import { TEST_ORIGIN, createTestApp, signUp, tempDir, type TestApp } from '../../../test/harness';
import { generationBatches, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createGeneration, failGeneration } from '../generations/generations.service';
import { createLocalProvider } from '../../platform/providers/local-provider';
import { ProviderError, type GenerationProvider } from '../../platform/providers/types';
import { emit, subscriptions } from './outbound-webhooks.service';

/*
 * Outbound webhooks (issue 35 item 4, ADR 060) end to end: real generations on the local engine,
 * the dispatcher in the worker, and a receiver on loopback that checks every delivery with the
 * Standard Webhooks reference library (`standardwebhooks`), never with our own signer. Retries
 * run on a millisecond schedule (WEBHOOK_RETRY_SCHEDULE_MS); only their order and minimum gaps
 * are asserted, never wall-clock durations.
 */

const SCHEDULE_MS = [100, 300, 700];

/** 4K upscales fail at the "provider" (final, not transient); everything else is the engine. */
const local = createLocalProvider();
const provider: GenerationProvider = {
  ...local,
  run: async (job, ctx) => {
    if (job.type === 'upscaler' && job.settings.upscaleFactor === '4k') {
      throw new ProviderError('The upscaler could not read this image.', false);
    }
    return local.run(job, ctx);
  },
};

interface Received {
  headers: Record<string, string>;
  body: string;
  /** performance.now() at arrival: only differences between arrivals are compared. */
  at: number;
}

/** The local receiver: each endpoint gets its own path, its own log and its own answer. */
const received = new Map<string, Received[]>();
const answers = new Map<string, number>();
let receiver: http.Server;
let receiverUrl: string;

let t: TestApp;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      const log = received.get(path) ?? [];
      log.push({ headers, body: Buffer.concat(chunks).toString('utf8'), at: performance.now() });
      received.set(path, log);
      res.writeHead(answers.get(path) ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}`;
  t = await createTestApp({
    env: {
      DATA_DIR: await tempDir('studio-webhooks-'),
      RATE_LIMIT_MULTIPLIER: '100',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_RETRY_SCHEDULE_MS: SCHEDULE_MS.join(','),
    },
    worker: true,
    provider,
  });
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

async function newUser(credits = 0) {
  const { cookie, email } = await signUp(t.app);
  const id = await userIdOf(t.app, cookie);
  if (credits > 0) await giveCredits(t.database.db, id, credits);
  return { cookie, email, id };
}

type Auth = { cookie: string } | { key: string };
const authHeaders = (auth: Auth): Record<string, string> =>
  'cookie' in auth
    ? { cookie: auth.cookie, origin: TEST_ORIGIN }
    : { authorization: `Bearer ${auth.key}` };

function call(auth: Auth, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: authHeaders(auth),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A new endpoint on its own receiver path; answers its id, secret and path. */
async function endpointFor(auth: Auth, events: string[]) {
  const path = `/hook/${randomBytes(4).toString('hex')}`;
  const res = await call(auth, 'POST', '/webhook-endpoints', {
    url: `${receiverUrl}${path}`,
    events,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id, secret } = res.json<{ id: string; secret: string }>();
  return { id, secret, path };
}

const arrivals = (path: string) => received.get(path) ?? [];

async function deliveriesOf(auth: Auth, endpointId: string, query = '') {
  const res = await call(auth, 'GET', `/webhook-endpoints/${endpointId}/deliveries${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    deliveries: {
      id: string;
      eventType: string;
      status: string;
      attempts: number;
      lastStatusCode: number | null;
      lastError: string | null;
      nextAttemptAt: string | null;
    }[];
    nextCursor: string | null;
  }>();
}

async function upscale(user: { cookie: string }, factor: '2x' | '4k') {
  const imageUrl = await uploadImage(t.app, user.cookie, await productPhoto(120, 90));
  const res = await post(t.app, user.cookie, '/api/v1/upscaler?wait=60', {
    imageUrl,
    upscaleFactor: factor,
  });
  // ?wait= answers 200 once the work is settled, so its events are written (or not) by now.
  expect(res.statusCode, res.body).toBe(200);
  const { generationId: id, status } = res.json<{ generationId: string; status: string }>();
  return { id, status };
}

function verify(secret: string, delivery: Received) {
  return new Webhook(secret).verify(delivery.body, delivery.headers) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };
}

describe('delivering events', () => {
  it('an upscale that succeeds is delivered once, signed so the reference library verifies it', async () => {
    const user = await newUser(5);
    const endpoint = await endpointFor(user, ['generation.succeeded', 'generation.failed']);
    const generation = await upscale(user, '2x');
    expect(generation.status).toBe('succeeded');

    await waitUntil('the delivery', () => arrivals(endpoint.path).length > 0);
    const [delivery] = arrivals(endpoint.path);
    if (!delivery) throw new Error('unreachable');
    const event = verify(endpoint.secret, delivery);
    expect(event).toMatchObject({
      type: 'generation.succeeded',
      data: {
        generationId: generation.id,
        tool: 'upscaler',
        status: 'succeeded',
        batchId: null,
        credits: 1,
      },
    });
    expect(new Date(event.timestamp).toISOString()).toBe(event.timestamp);
    const outputs = event.data.outputs as { url: string; contentType: string }[];
    expect(outputs).toHaveLength(1);
    expect(outputs[0]?.url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/media\/[\w-]{22}$/);
    expect(outputs[0]?.contentType).toMatch(/^image\//);
    expect(delivery.headers['webhook-id']).toMatch(/^msg_[\w-]{22}$/);
    expect(delivery.headers['content-type']).toBe('application/json');

    // Recorded as succeeded on its first attempt: nothing can send it again.
    await waitUntil('the delivery recorded', async () => {
      const [row] = (await deliveriesOf(user, endpoint.id)).deliveries;
      return row?.status === 'succeeded';
    });
    const log = await deliveriesOf(user, endpoint.id);
    expect(log.deliveries).toEqual([
      expect.objectContaining({
        id: delivery.headers['webhook-id'],
        eventType: 'generation.succeeded',
        status: 'succeeded',
        attempts: 1,
        lastStatusCode: 204,
        lastError: null,
        nextAttemptAt: null,
      }),
    ]);
    expect(arrivals(endpoint.path)).toHaveLength(1);
  });

  it('a failed generation delivers generation.failed once, with the credits given back', async () => {
    const user = await newUser(5);
    const endpoint = await endpointFor(user, ['generation.failed']);
    const quiet = await endpointFor(user, ['generation.succeeded']);
    const generation = await upscale(user, '4k');
    expect(generation.status).toBe('failed');

    await waitUntil('the delivery', () => arrivals(endpoint.path).length > 0);
    const [delivery] = arrivals(endpoint.path);
    if (!delivery) throw new Error('unreachable');
    expect(verify(endpoint.secret, delivery)).toMatchObject({
      type: 'generation.failed',
      data: {
        generationId: generation.id,
        tool: 'upscaler',
        status: 'failed',
        batchId: null,
        error: 'The upscaler could not read this image.',
        refundedCredits: 2,
      },
    });
    await waitUntil('the delivery recorded', async () => {
      const [row] = (await deliveriesOf(user, endpoint.id)).deliveries;
      return row?.status === 'succeeded';
    });
    expect(arrivals(endpoint.path)).toHaveLength(1);
    // An endpoint not subscribed to the event gets no row at all (written with the settlement).
    expect((await deliveriesOf(user, quiet.id)).deliveries).toEqual([]);
  });

  it('a spend that takes the balance under 20 sends credits.low once, not on every spend after', async () => {
    const user = await newUser(15); // and the 5 welcome credits: 20
    const endpoint = await endpointFor(user, ['credits.low']);
    await upscale(user, '2x');
    await upscale(user, '2x');
    await waitUntil('the delivery', () => arrivals(endpoint.path).length > 0);
    expect(verify(endpoint.secret, arrivals(endpoint.path)[0] as Received)).toMatchObject({
      type: 'credits.low',
      data: { balance: 19, threshold: 20 },
    });
    const { deliveries } = await deliveriesOf(user, endpoint.id);
    expect(deliveries.map((d) => d.eventType)).toEqual(['credits.low']);
  });

  it('a receiver answering 500 is retried on the schedule, then the endpoint is disabled and its owner told once', async () => {
    const user = await newUser(5);
    const endpoint = await endpointFor(user, ['generation.succeeded']);
    answers.set(endpoint.path, 500);
    await upscale(user, '2x');

    const attempts = SCHEDULE_MS.length + 1;
    await waitUntil('every attempt', () => arrivals(endpoint.path).length >= attempts, 30_000);
    await waitUntil('the endpoint disabled', async () => {
      const [row] = await t.database.db
        .select({ status: webhookEndpoints.status })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, endpoint.id));
      return row?.status === 'disabled';
    });
    const log = arrivals(endpoint.path);
    expect(log).toHaveLength(attempts);
    // One event: the same webhook-id on every attempt, each signed anew and verifiable.
    expect(new Set(log.map((d) => d.headers['webhook-id'])).size).toBe(1);
    for (const delivery of log)
      expect(verify(endpoint.secret, delivery).type).toBe('generation.succeeded');
    // Each retry waited at least its delay in the schedule, in the schedule's order.
    const gaps = log.slice(1).map((d, i) => d.at - (log[i]?.at ?? 0));
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(SCHEDULE_MS[i] ?? Infinity);
    });
    const stamps = log.map((d) => Number(d.headers['webhook-timestamp']));
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);

    const [row] = (await deliveriesOf(user, endpoint.id)).deliveries;
    expect(row).toMatchObject({
      status: 'failed',
      attempts,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
      nextAttemptAt: null,
    });
    const list = await call(user, 'GET', '/webhook-endpoints');
    expect(list.json<{ endpoints: unknown[] }>().endpoints).toEqual([
      expect.objectContaining({
        id: endpoint.id,
        status: 'disabled',
        disabledReason: expect.stringContaining('HTTP 500') as unknown,
      }),
    ]);
    const notices = t.mail.filter((m) => m.to === user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('Your webhook endpoint was disabled');
    expect(notices[0]?.text).toContain(`${receiverUrl}${endpoint.path}`);

    // Disabled: new events are not even written for it, and a resend is refused until enabled.
    await upscale(user, '2x');
    expect((await deliveriesOf(user, endpoint.id)).deliveries).toHaveLength(1);
    const refused = await call(
      user,
      'POST',
      `/webhook-endpoints/${endpoint.id}/deliveries/${row?.id ?? ''}/resend`,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'endpoint_disabled' } });

    // The receiver is mended: enable, resend, and the same event arrives, once more, and succeeds.
    answers.set(endpoint.path, 200);
    expect((await call(user, 'POST', `/webhook-endpoints/${endpoint.id}/enable`)).statusCode).toBe(
      204,
    );
    const resent = await call(
      user,
      'POST',
      `/webhook-endpoints/${endpoint.id}/deliveries/${row?.id ?? ''}/resend`,
    );
    expect(resent.statusCode, resent.body).toBe(202);
    await waitUntil('the resend recorded', async () => {
      const [again] = (await deliveriesOf(user, endpoint.id)).deliveries;
      return again?.status === 'succeeded';
    });
    expect(arrivals(endpoint.path)).toHaveLength(attempts + 1);
    expect(arrivals(endpoint.path).at(-1)?.headers['webhook-id']).toBe(row?.id);
    expect(t.mail.filter((m) => m.to === user.email)).toHaveLength(1);
  });
});

describe('catalogues', () => {
  it('batch.completed goes once, with the last pair to settle, counted by outcome', async () => {
    const user = await newUser();
    const endpoint = await endpointFor(user, ['batch.completed', 'generation.failed']);
    const batchId = `bat_${randomBytes(6).toString('hex')}`;
    await t.database.db.insert(generationBatches).values({
      id: batchId,
      userId: user.id,
      name: 'Webhook catalogue',
      settings: {
        garments: [],
        models: [],
      } as unknown as typeof generationBatches.$inferInsert.settings,
      pairCount: 2,
      credits: 0,
      requestHash: 'webhooks',
    });
    const pairs = [0, 1].map((i) => `gen_${batchId}_${String(i)}`);
    for (const [i, id] of pairs.entries()) {
      await createGeneration(t.database.db, {
        id,
        userId: user.id,
        type: 'try-on',
        credits: 0,
        batchId,
        batchIndex: i,
      });
    }
    // The real settlement path (as a cancel and the sweeper take it), one pair at a time.
    await failGeneration(t.database.db, pairs[0] ?? '', 'Canceled by you', 'canceled');
    const afterFirst = (await deliveriesOf(user, endpoint.id)).deliveries.map((d) => d.eventType);
    expect(afterFirst).toEqual(['generation.failed']);
    await failGeneration(t.database.db, pairs[1] ?? '', 'The model refused this garment.');

    await waitUntil('three deliveries', () => arrivals(endpoint.path).length >= 3);
    const events = arrivals(endpoint.path).map((d) => verify(endpoint.secret, d));
    const completed = events.filter((e) => e.type === 'batch.completed');
    expect(completed).toEqual([
      {
        type: 'batch.completed',
        timestamp: expect.any(String) as unknown,
        data: { batchId, total: 2, succeeded: 0, failed: 1, canceled: 1 },
      },
    ]);
    expect(events.filter((e) => e.type === 'generation.failed').map((e) => e.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ generationId: pairs[0], status: 'canceled', batchId }),
        expect.objectContaining({
          generationId: pairs[1],
          status: 'failed',
          error: 'The model refused this garment.',
          refundedCredits: 0,
        }),
      ]),
    );
  });
});

describe('what a receiver checks', () => {
  it('refuses a forged signature, a changed body and a stale timestamp (the library does it)', async () => {
    const user = await newUser();
    const endpoint = await endpointFor(user, ['credits.low']);
    await emitNow(user.id, 'credits.low', { balance: 3, threshold: 20 });
    await waitUntil('the delivery', () => arrivals(endpoint.path).length > 0);
    const delivery = arrivals(endpoint.path)[0] as Received;
    const receiverCheck = (secret: string, body: string, headers: Record<string, string>) => () =>
      new Webhook(secret).verify(body, headers);

    expect(receiverCheck(endpoint.secret, delivery.body, delivery.headers)).not.toThrow();
    // Someone without the secret: their signature matches nothing.
    const forger = `whsec_${randomBytes(32).toString('base64')}`;
    const forged = {
      ...delivery.headers,
      'webhook-signature': new Webhook(forger).sign(
        delivery.headers['webhook-id'] ?? '',
        new Date(),
        delivery.body,
      ),
    };
    expect(receiverCheck(endpoint.secret, delivery.body, forged)).toThrow(
      'No matching signature found',
    );
    // Our signature on another body.
    expect(
      receiverCheck(endpoint.secret, delivery.body.replace('3', '9'), delivery.headers),
    ).toThrow('No matching signature found');
    // A genuine delivery replayed later than the tolerance (5 minutes): refused before any signature.
    const stale = {
      ...delivery.headers,
      'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 6 * 60),
    };
    expect(receiverCheck(endpoint.secret, delivery.body, stale)).toThrow(
      'Message timestamp too old',
    );
  });

  it('after a rotation both secrets verify for 24 hours, then only the new one', async () => {
    const user = await newUser();
    const endpoint = await endpointFor(user, ['credits.low']);
    const rotated = await call(user, 'POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json<{ id: string; secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint.secret);

    await emitNow(user.id, 'credits.low', { balance: 4, threshold: 20 });
    await waitUntil('the delivery', () => arrivals(endpoint.path).length > 0);
    const during = arrivals(endpoint.path)[0] as Received;
    expect(during.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verify(secret, during).type).toBe('credits.low');
    expect(verify(endpoint.secret, during).type).toBe('credits.low');

    // The overlap ends (as 24 hours later): the old secret no longer signs.
    await t.database.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await emitNow(user.id, 'credits.low', { balance: 2, threshold: 20 });
    await waitUntil('the second delivery', () => arrivals(endpoint.path).length > 1);
    const after = arrivals(endpoint.path)[1] as Received;
    expect(after.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(verify(secret, after).type).toBe('credits.low');
    expect(() => verify(endpoint.secret, after)).toThrow('No matching signature found');
  });
});

/** Writes an event as an emitter does, in a transaction of its own. */
async function emitNow(
  userId: string,
  type: 'credits.low',
  data: { balance: number; threshold: number },
) {
  await t.database.db.transaction(async (tx) => {
    await emit(tx, await subscriptions(tx, userId), type, data);
  });
}

describe('managing endpoints', () => {
  it('lists endpoints without their secrets and deletes them with their log', async () => {
    const user = await newUser();
    const first = await endpointFor(user, ['generation.succeeded']);
    const res = await call(user, 'POST', '/webhook-endpoints', {
      url: `${receiverUrl}/described`,
      events: ['batch.completed', 'credits.low'],
      description: '  Shop sync  ',
    });
    expect(res.statusCode).toBe(201);
    const second = res.json<{ id: string }>();
    const list = await call(user, 'GET', '/webhook-endpoints');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('whsec_');
    expect(list.json()).toEqual({
      success: true,
      endpoints: [
        {
          id: second.id,
          url: `${receiverUrl}/described`,
          description: 'Shop sync',
          events: ['batch.completed', 'credits.low'],
          status: 'enabled',
          disabledReason: null,
          createdAt: expect.any(String) as unknown,
        },
        expect.objectContaining({ id: first.id, description: null }),
      ],
    });
    const [stored] = await t.database.db
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, first.id));
    expect(stored?.secret).not.toContain(first.secret.slice(6, 20)); // encrypted at rest

    await emitNow(user.id, 'credits.low', { balance: 1, threshold: 20 });
    expect((await call(user, 'DELETE', `/webhook-endpoints/${second.id}`)).statusCode).toBe(204);
    expect((await call(user, 'DELETE', `/webhook-endpoints/${second.id}`)).statusCode).toBe(404);
    const left = await t.database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, second.id));
    expect(left).toEqual([]);
  });

  it("another user's endpoint and deliveries are 404 on every route", async () => {
    const owner = await newUser();
    const other = await newUser();
    const endpoint = await endpointFor(owner, ['credits.low']);
    await emitNow(owner.id, 'credits.low', { balance: 1, threshold: 20 });
    const [delivery] = (await deliveriesOf(owner, endpoint.id)).deliveries;
    const base = `/webhook-endpoints/${endpoint.id}`;
    for (const [method, url] of [
      ['GET', `${base}/deliveries`],
      ['DELETE', base],
      ['POST', `${base}/rotate-secret`],
      ['POST', `${base}/enable`],
      ['POST', `${base}/deliveries/${delivery?.id ?? ''}/resend`],
    ] as const) {
      const res = await call(other, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(other, 'GET', '/webhook-endpoints')).json()).toEqual({
      success: true,
      endpoints: [],
    });
    // The owner's is untouched.
    expect((await deliveriesOf(owner, endpoint.id)).deliveries).toHaveLength(1);
    // The owner's endpoint with an unknown delivery: 404 too.
    expect((await call(owner, 'POST', `${base}/deliveries/msg_unknown/resend`)).statusCode).toBe(
      404,
    );
  });

  it.each([
    ['https://10.0.0.7/hook', 'private address'],
    ['https://192.168.1.20/hook', 'private address'],
    ['https://[::1]/hook', 'loopback address'],
    ['https://169.254.169.254/latest/meta-data', 'link-local address'],
    ['https://localhost/hook', 'local hostname'],
    ['https://printer.local/hook', 'local hostname'],
    ['https://127.0.0.2/hook', 'loopback address'],
  ])('refuses %s with a 400 that says why', async (url, reason) => {
    const user = await newUser();
    const res = await call(user, 'POST', '/webhook-endpoints', { url, events: ['credits.low'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: {
        code: 'url_not_allowed',
        message: `Deliveries go to public internet addresses only, and this URL is refused: ${reason}.`,
      },
    });
  });

  it('refuses http (unless allowlisted), credentials, fragments and what is not a URL', async () => {
    const user = await newUser();
    const refused = async (url: string) => {
      const res = await call(user, 'POST', '/webhook-endpoints', { url, events: ['credits.low'] });
      expect(res.statusCode, url).toBe(400);
      return res.json<{ error: { message: string } }>().error.message;
    };
    expect(await refused('http://hooks.example.com/x')).toContain('must use https://');
    expect(await refused('ftp://hooks.example.com/x')).toContain('must start with https://');
    expect(await refused('https://me:pw@hooks.example.com/x')).toContain('user name and password');
    expect(await refused('https://hooks.example.com/x#frag')).toContain('#fragment');
    expect(await refused('hooks.example.com/x')).toContain('full URL');
    // An allowlisted host (WEBHOOK_ALLOWED_HOSTS=127.0.0.1) may be private and plain http.
    const ok = await call(user, 'POST', '/webhook-endpoints', {
      url: `${receiverUrl}/ok`,
      events: ['credits.low'],
    });
    expect(ok.statusCode).toBe(201);
  });

  it(`holds at most 10 endpoints per account (409 too_many_endpoints)`, async () => {
    const user = await newUser();
    for (let i = 0; i < 10; i++) await endpointFor(user, ['credits.low']);
    const res = await call(user, 'POST', '/webhook-endpoints', {
      url: `${receiverUrl}/eleventh`,
      events: ['credits.low'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'too_many_endpoints' } });
  });

  it('pages the delivery log newest first with an opaque cursor', async () => {
    const user = await newUser();
    const endpoint = await endpointFor(user, ['credits.low']);
    for (const balance of [3, 2, 1])
      await emitNow(user.id, 'credits.low', { balance, threshold: 20 });
    const first = await deliveriesOf(user, endpoint.id, '?limit=2');
    expect(first.deliveries).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await deliveriesOf(
      user,
      endpoint.id,
      `?limit=2&cursor=${first.nextCursor ?? ''}`,
    );
    expect(second.deliveries).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.deliveries, ...second.deliveries].map((d) => d.id);
    expect(new Set(ids).size).toBe(3);
    // Newest first: the payloads' balances were written 3, 2, 1.
    const rows = await t.database.db
      .select({ id: webhookDeliveries.id, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    const balanceOf = (id: string) =>
      (rows.find((r) => r.id === id)?.payload.data as { balance: number }).balance;
    expect(ids.map(balanceOf)).toEqual([1, 2, 3]);
    const bad = await call(user, 'GET', `/webhook-endpoints/${endpoint.id}/deliveries?cursor=nope`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('API keys', () => {
  async function keyWith(user: { cookie: string }, scopes: string[]) {
    const res = await call(user, 'POST', '/api-keys', { name: 'hooks', scopes });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ key: string }>().key;
  }

  it('a key with the webhooks scope manages endpoints; one without it is 403', async () => {
    const user = await newUser();
    const key = await keyWith(user, ['webhooks']);
    const endpoint = await endpointFor({ key }, ['generation.succeeded']);
    expect((await call({ key }, 'GET', '/webhook-endpoints')).json()).toMatchObject({
      endpoints: [expect.objectContaining({ id: endpoint.id })],
    });
    expect(
      (await call({ key }, 'GET', `/webhook-endpoints/${endpoint.id}/deliveries`)).statusCode,
    ).toBe(200);
    expect(
      (await call({ key }, 'POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`)).statusCode,
    ).toBe(200);

    const other = await keyWith(user, ['generate', 'read']);
    for (const [method, url] of [
      ['GET', '/webhook-endpoints'],
      ['POST', '/webhook-endpoints'],
      ['DELETE', `/webhook-endpoints/${endpoint.id}`],
    ] as const) {
      const res = await call(
        { key: other },
        method,
        url,
        method === 'POST' ? { url: `${receiverUrl}/x`, events: ['credits.low'] } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json<{ error: { message: string } }>().error.message).toContain(
        '"webhooks" scope',
      );
    }
    expect((await call({ key }, 'DELETE', `/webhook-endpoints/${endpoint.id}`)).statusCode).toBe(
      204,
    );
  });
});
