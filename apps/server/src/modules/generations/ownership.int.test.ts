import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, productPhoto, uploadImage, userIdOf } from '../../../test/generation-helpers';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../../test/harness';
import { colourwaySets, generationBatches, webhookDeliveries } from '../../db/schema';

/*
 * ARCHITECTURE §7: another user's object is a 404. Every route with an id parameter must have a
 * case here: the first test fails when a new one appears without one.
 */

let dataDir: string;
let t: TestApp;
let owner: { cookie: string; id: string };
let intruder: { cookie: string; id: string };
let generationId: string;
let mediaUrl: string;
let orderId: string;
let batchId: string;
const colourwaySetId = 'cws_ownership_case';
let apiKeyId: string;
let endpointId: string;
const deliveryId = 'msg_ownership_case';

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-own-'));
  t = await createTestApp({
    env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '100', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
  });
  const a = await signUp(t.app);
  const b = await signUp(t.app);
  owner = { cookie: a.cookie, id: await userIdOf(t.app, a.cookie) };
  intruder = { cookie: b.cookie, id: await userIdOf(t.app, b.cookie) };
  mediaUrl = await uploadImage(t.app, owner.cookie, await productPhoto());
  const res = await post(t.app, owner.cookie, '/api/v1/upscaler', { imageUrl: mediaUrl });
  generationId = res.json<{ generationId: string }>().generationId;
  const order = await post(t.app, owner.cookie, '/api/v1/generate-payment-link', {
    service_type: 'pro_monthly',
  });
  orderId = order.json<{ orderId: string }>().orderId;
  // A catalogue of the owner's, as its row (making one needs the seeded model templates).
  batchId = 'bat_ownership_case';
  await t.database.db.insert(generationBatches).values({
    id: batchId,
    userId: owner.id,
    name: 'Owner catalogue',
    settings: {
      garments: [],
      models: [],
    } as unknown as typeof generationBatches.$inferInsert.settings,
    pairCount: 0,
    credits: 0,
    requestHash: 'ownership',
  });
  // A colourway set of the owner's, as its row.
  await t.database.db.insert(colourwaySets).values({
    id: colourwaySetId,
    userId: owner.id,
    sourceImageUrl: mediaUrl,
    category: 'auto',
    variants: [],
    requestHash: 'ownership',
  });
  const key = await post(t.app, owner.cookie, '/api/v1/api-keys', { name: 'k', scopes: ['read'] });
  apiKeyId = key.json<{ id: string }>().id;
  // A webhook endpoint of the owner's (nothing listens: this file runs no worker to deliver) and
  // one delivery in its log, as its row.
  const endpoint = await post(t.app, owner.cookie, '/api/v1/webhook-endpoints', {
    url: 'http://127.0.0.1:9/hook',
    events: ['credits.low'],
  });
  endpointId = endpoint.json<{ id: string }>().id;
  await t.database.db.insert(webhookDeliveries).values({
    id: deliveryId,
    endpointId,
    eventType: 'credits.low',
    payload: { type: 'credits.low', timestamp: new Date().toISOString(), data: {} },
    status: 'failed',
  });
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Case = () => Promise<{ statusCode: number }>;

/** How an intruder tries each id route on the owner's object, and the answer expected. */
const CASES: Record<string, { expected: number; attempt: Case }> = {
  'GET /api/v1/generations/:id': {
    expected: 404,
    attempt: () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/generations/${generationId}`,
        headers: { cookie: intruder.cookie },
      }),
  },
  'GET /api/v1/orders/:orderId/receipt.pdf': {
    expected: 404,
    attempt: () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${orderId}/receipt.pdf`,
        headers: { cookie: intruder.cookie },
      }),
  },
  'GET /api/v1/generations/:id/settings': {
    expected: 404,
    attempt: () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/generations/${generationId}/settings`,
        headers: { cookie: intruder.cookie },
      }),
  },
  'GET /api/v1/try-on/batches/:id': {
    expected: 404,
    attempt: () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/try-on/batches/${batchId}`,
        headers: { cookie: intruder.cookie },
      }),
  },
  'GET /api/v1/colourways/:setId': {
    expected: 404,
    attempt: () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/colourways/${colourwaySetId}`,
        headers: { cookie: intruder.cookie },
      }),
  },
  'GET /api/v1/colourways/:setId/zip': {
    expected: 404,
    attempt: () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/colourways/${colourwaySetId}/zip`,
        headers: { cookie: intruder.cookie },
      }),
  },
  'POST /api/v1/try-on/batches/:id/cancel': {
    expected: 404,
    attempt: () => post(t.app, intruder.cookie, `/api/v1/try-on/batches/${batchId}/cancel`, {}),
  },
  'GET /api/v1/try-on/batches/:id/zip': {
    expected: 404,
    attempt: () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/try-on/batches/${batchId}/zip`,
        headers: { cookie: intruder.cookie },
      }),
  },
  'DELETE /api/v1/api-keys/:id': {
    expected: 404,
    attempt: () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/api-keys/${apiKeyId}`,
        headers: { cookie: intruder.cookie, origin: TEST_ORIGIN },
      }),
  },
  'GET /api/v1/webhook-endpoints/:id/deliveries': {
    expected: 404,
    attempt: () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/webhook-endpoints/${endpointId}/deliveries`,
        headers: { cookie: intruder.cookie },
      }),
  },
  'DELETE /api/v1/webhook-endpoints/:id': {
    expected: 404,
    attempt: () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/webhook-endpoints/${endpointId}`,
        headers: { cookie: intruder.cookie, origin: TEST_ORIGIN },
      }),
  },
  'POST /api/v1/webhook-endpoints/:id/rotate-secret': {
    expected: 404,
    attempt: () =>
      post(t.app, intruder.cookie, `/api/v1/webhook-endpoints/${endpointId}/rotate-secret`, {}),
  },
  'POST /api/v1/webhook-endpoints/:id/enable': {
    expected: 404,
    attempt: () =>
      post(t.app, intruder.cookie, `/api/v1/webhook-endpoints/${endpointId}/enable`, {}),
  },
  'POST /api/v1/webhook-endpoints/:id/deliveries/:deliveryId/resend': {
    expected: 404,
    attempt: () =>
      post(
        t.app,
        intruder.cookie,
        `/api/v1/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/resend`,
        {},
      ),
  },
  'POST /api/v1/generations/:id/cancel': {
    expected: 404,
    attempt: () => post(t.app, intruder.cookie, `/api/v1/generations/${generationId}/cancel`, {}),
  },
  'POST /api/v1/generations/:id/free-regeneration': {
    expected: 404,
    attempt: () =>
      post(t.app, intruder.cookie, `/api/v1/generations/${generationId}/free-regeneration`, {}),
  },
  // Media URLs are unguessable capabilities (the browser loads them in <img>); the id is 128 random
  // bits. Using another user's media as a generation input is what must fail:
  'GET /api/v1/media/:id': {
    expected: 404,
    attempt: () => post(t.app, intruder.cookie, '/api/v1/upscaler', { imageUrl: mediaUrl }),
  },
  'GET /api/v1/media/:id/thumbnail': {
    expected: 404,
    attempt: () =>
      post(t.app, intruder.cookie, '/api/v1/background-removal', {
        imageUrl: `${mediaUrl}/thumbnail`,
      }),
  },
  'GET /api/v1/media/:id/preview': {
    expected: 404,
    attempt: () =>
      post(t.app, intruder.cookie, '/api/v1/video/prompt', { imageUrl: `${mediaUrl}/preview` }),
  },
  'GET /api/v1/payments/sandbox/orders/:orderId': {
    expected: 404,
    attempt: () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/payments/sandbox/orders/${orderId}`,
        headers: { cookie: intruder.cookie },
      }),
  },
  'GET /api/v1/credit-transactions/order-history/:userId': {
    expected: 403,
    attempt: () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/credit-transactions/order-history/${owner.id}`,
        headers: { cookie: intruder.cookie },
      }),
  },
  'GET /api/v1/credit-transactions/generation-history/:userId': {
    expected: 403,
    attempt: () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/credit-transactions/generation-history/${owner.id}`,
        headers: { cookie: intruder.cookie },
      }),
  },
};

/**
 * Every `METHOD /path/:param` the app serves (HEAD mirrors GET). `printRoutes` draws a tree whose
 * nested lines hold only the rest of the path (`│   └── /:id (DELETE)`), so each line's path is
 * its parent's plus its own: read alone, a nested id route would go unseen.
 */
function idRoutes(): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match?.[2]) continue;
    const depth = (match[1] ?? '').length / 4;
    const full = (parents[depth - 1] ?? '') + match[2];
    parents[depth] = full;
    parents.length = depth + 1;
    if (!match[3] || !full.includes(':')) continue;
    for (const method of match[3].split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.push(`${method} ${full}`);
    }
  }
  return routes.filter((r) => r.includes('/api/v1/') && !r.includes('/checkout/'));
}

describe('another user’s ids', () => {
  it('has a case for every route that takes an id', () => {
    const routes = idRoutes();
    expect(routes.length).toBeGreaterThan(3);
    expect(routes.filter((r) => !(r in CASES))).toEqual([]);
  });

  it.each(Object.entries(CASES))(
    '%s answers the intruder as if it did not exist',
    async (_route, c) => {
      const res = await c.attempt();
      expect(res.statusCode).toBe(c.expected);
    },
  );

  it('keeps the owner’s generation and media working', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/generations/${generationId}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/sandbox/orders/${orderId}`,
      headers: { cookie: owner.cookie },
    });
    expect(own.statusCode).toBe(200);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/v1/webhook-endpoints/${endpointId}/deliveries`,
      headers: { cookie: owner.cookie },
    });
    expect(log.json<{ deliveries: { id: string }[] }>().deliveries.map((d) => d.id)).toEqual([
      deliveryId,
    ]);
  });
});
