import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TryOnBatch } from '@studio/contract';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  giveCredits,
  post,
  productPhoto,
  uploadImage,
  userIdOf,
} from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { readZip } from '../../../test/read-zip';
import { createLocalProvider } from '../../platform/providers/local-provider';
import type { GenerationProvider } from '../../platform/providers/types';
import { createLocalStorage } from '../../platform/storage/local-storage';
import { seedCatalog } from '../catalog/catalog.seed';
import { balanceOf, findBalanceMismatches, listEntries } from '../credits/credits.service';
import { PAIR_QUEUE_BACKSTOP_MS, sweepOverdue } from '../generations/generation-runner';

/*
 * Try-on catalogues end to end on real PostgreSQL: routes, the credit ledger, pg-boss and the
 * runner on the local engine. The engine is declared able to try on, so pairs are charged as a
 * generative model's would be (a free labelled preview reserves nothing, ADR 013): every money
 * path here is the one fal takes. A pair can be held at the provider (`hold`) so a test can look
 * at a catalogue mid-run; everything else is the real engine, storage and ledger.
 */

const local = createLocalProvider();
/** Garment URLs whose pairs wait at the provider until released (or canceled). */
const held = new Set<string>();
let release: () => void = () => undefined;
let released = Promise.resolve();
function hold(...garmentUrls: string[]) {
  for (const url of garmentUrls) held.add(url);
  released = new Promise((resolve) => {
    release = () => {
      held.clear();
      resolve();
    };
  });
}
async function waitAtProvider(garmentUrl: string, signal: AbortSignal) {
  if (!held.has(garmentUrl)) return;
  await new Promise<void>((resolve, reject) => {
    signal.addEventListener('abort', () => {
      reject(signal.reason as Error);
    });
    void released.then(resolve);
  });
}
const provider: GenerationProvider = {
  ...local,
  capabilities: () => [...local.capabilities(), 'try-on'],
  run: async (job, ctx) => {
    if (job.type === 'try-on') await waitAtProvider(job.garment.url, ctx.signal);
    return local.run(job, ctx);
  },
};

let dataDir: string;
let t: TestApp;
/** What the worker's sweeper runs with (the local engine holds nothing to cancel). */
const sweeper = () => ({ db: t.database.db, provider, log: t.app.log });

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-batches-'));
  t = await createTestApp({
    env: {
      DATA_DIR: dataDir,
      RATE_LIMIT_MULTIPLIER: '100',
      WORKER_CONCURRENCY: '2',
      // A canceled pair's worker notices within a second (the heartbeat runs every lease / 3).
      GENERATION_LEASE_SECONDS: '3',
    },
    worker: true,
    provider,
  });
  await seedCatalog({
    db: t.database.db,
    storage: createLocalStorage(path.join(dataDir, 'media')),
  });
});
afterEach(() => {
  release();
});
afterAll(async () => {
  release();
  await t.app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

interface Template {
  templateId: string;
  templateName: string;
  templateUrl: string;
}

async function newUser(credits = 0) {
  const { cookie } = await signUp(t.app);
  const id = await userIdOf(t.app, cookie);
  // Sign-up grants the Free plan's 5 credits; tests that count start from a known balance.
  if (credits > 0) await giveCredits(t.database.db, id, credits);
  return { cookie, id };
}

const get = (cookie: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

async function templates(cookie: string): Promise<Template[]> {
  return (await get(cookie, '/api/v1/templates')).json<Template[]>();
}

/** Uploads `count` small, different garment photos. */
async function garments(cookie: string, count: number) {
  const colours = ['#d23c3c', '#3c6ed2', '#3cd26e', '#d2a03c', '#8a3cd2'];
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    urls.push(await uploadImage(t.app, cookie, await productPhoto(160, 200, colours[i % 5])));
  }
  return urls;
}

async function startBatch(cookie: string, body: Record<string, unknown>, key?: string) {
  return post(t.app, cookie, '/api/v1/try-on/batches', body, key ? { 'idempotency-key': key } : {});
}

async function readBatch(cookie: string, id: string): Promise<TryOnBatch> {
  const res = await get(cookie, `/api/v1/try-on/batches/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ batch: TryOnBatch }>().batch;
}

async function waitForBatch(
  cookie: string,
  id: string,
  done: (batch: TryOnBatch) => boolean = (b) => b.status === 'finished',
  timeoutMs = 45_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const batch = await readBatch(cookie, id);
    if (done(batch)) return batch;
    if (Date.now() > until) throw new Error(`batch ${id} still ${JSON.stringify(batch.counts)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Rows a user has in a table (what a refused request must not have created). */
async function rowsOf(table: 'generations' | 'generation_batches', userId: string) {
  const { rows } = await t.database.pool.query<{ n: number }>(
    `select count(*)::int as n from ${table} where user_id = $1`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** The credit entries of one generation: one reserve, then exactly one capture or release. */
async function settlements(userId: string, generationId: string) {
  const entries = await listEntries(t.database.db, userId);
  const of = (kind: string) =>
    entries.filter((e) => e.kind === kind && e.referenceId === generationId);
  return {
    reserved: of('reserve').reduce((sum, e) => sum - e.amount, 0),
    captures: of('capture').length,
    released: of('release').reduce((sum, e) => sum + e.amount, 0),
    releases: of('release').length,
  };
}

describe('a try-on catalogue on the local engine', () => {
  it('runs 3 garments × 2 models as 6 charged generations and zips 6 photos named by garment and model', async () => {
    const user = await newUser(20);
    const [template] = await templates(user.cookie);
    if (!template) throw new Error('no templates seeded');
    const [red, blue, plain] = await garments(user.cookie, 3);
    const me = await uploadImage(t.app, user.cookie, await productPhoto(160, 220, '#222222'));
    const before = await balanceOf(t.database.db, user.id);
    const body = {
      name: 'Summer drop',
      garments: [
        { imageUrl: red, name: 'Red Dress' },
        { imageUrl: blue, name: 'Blue Jeans' },
        { imageUrl: plain },
      ],
      models: [
        { kind: 'template', templateId: template.templateId, templateUrl: template.templateUrl },
        { kind: 'photo', imageUrl: me, name: 'Ava' },
      ],
      category: 'tops',
      garmentPhotoType: 'flat-lay',
      numImages: 1,
      mode: 'performance',
    };

    // The estimate the screen shows is what the catalogue is charged.
    const estimate = await post(t.app, user.cookie, '/api/v1/credits/estimate', {
      feature: 'try-on',
      mode: 'performance',
      numImages: 1,
      garments: [{}, {}, {}],
      models: [{}, {}],
    });
    expect(estimate.json()).toMatchObject({ creditCost: 6, canAfford: true });

    const res = await startBatch(user.cookie, body);
    expect(res.statusCode, res.body).toBe(202);
    const accepted = res.json<{
      success: boolean;
      batchId: string;
      pairs: number;
      creditCost: number;
    }>();
    expect(accepted).toMatchObject({ success: true, pairs: 6, creditCost: 6 });
    expect(accepted.batchId).toMatch(/^bat_/);
    // Charged up front, one reservation per pair.
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 6);

    const batch = await waitForBatch(user.cookie, accepted.batchId);
    expect(batch).toMatchObject({
      name: 'Summer drop',
      status: 'finished',
      category: 'tops',
      garmentPhotoType: 'flat-lay',
      numImages: 1,
      mode: 'performance',
      counts: { total: 6, succeeded: 6, failed: 0, canceled: 0, active: 0 },
      creditCost: 6,
      refunded: 0,
      zipUrl: `/api/v1/try-on/batches/${accepted.batchId}/zip`,
    });
    expect(batch.garments).toEqual([
      { imageUrl: red, name: 'Red Dress' },
      { imageUrl: blue, name: 'Blue Jeans' },
      { imageUrl: plain, name: 'Garment 3' },
    ]);
    expect(batch.models).toEqual([
      { imageUrl: template.templateUrl, name: template.templateName },
      { imageUrl: me, name: 'Ava' },
    ]);
    // Ordered by garment, then model; each pair its own generation, garment recorded first.
    expect(batch.items.map((i) => [i.garmentIndex, i.modelIndex])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [2, 0],
      [2, 1],
    ]);
    for (const item of batch.items) {
      const garment = batch.garments[item.garmentIndex]?.imageUrl;
      const model = batch.models[item.modelIndex]?.imageUrl;
      expect(item.generation).toMatchObject({
        type: 'try-on',
        status: 'succeeded',
        creditCost: 1,
        inputImageUrls: [garment, model],
      });
      expect(item.generation.imageUrls).toHaveLength(1);
    }
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 6);

    const zip = await get(user.cookie, batch.zipUrl ?? '');
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe(
      `attachment; filename="Summer drop.zip"; filename*=UTF-8''Summer%20drop.zip`,
    );
    const entries = await readZip(zip.rawPayload);
    const model0 = template.templateName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    expect(entries.map((e) => e.name)).toEqual([
      `01-red-dress__${model0}.jpg`,
      '01-red-dress__ava.jpg',
      `02-blue-jeans__${model0}.jpg`,
      '02-blue-jeans__ava.jpg',
      `03-garment-3__${model0}.jpg`,
      '03-garment-3__ava.jpg',
    ]);
    // Stored, not deflated, and each entry is exactly the photo its pair made.
    for (const [i, entry] of entries.entries()) {
      expect(entry.method).toBe(0);
      const photo = await t.app.inject({
        method: 'GET',
        url: batch.items[i]?.generation.imageUrls[0] ?? '',
      });
      expect(entry.data.equals(photo.rawPayload)).toBe(true);
      expect((await sharp(entry.data).metadata()).format).toBe('jpeg');
    }
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  }, 60_000);

  it('shows the same progress on a reload mid-run, queue positions included', async () => {
    const user = await newUser(10);
    const [a, b, c] = await garments(user.cookie, 3);
    const me = await uploadImage(t.app, user.cookie, await productPhoto(160, 220, '#222222'));
    hold(a ?? '', b ?? '', c ?? '');
    const res = await startBatch(user.cookie, {
      garments: [{ imageUrl: a }, { imageUrl: b }, { imageUrl: c }],
      models: [{ kind: 'photo', imageUrl: me }],
    });
    expect(res.statusCode, res.body).toBe(202);
    const { batchId } = res.json<{ batchId: string }>();

    // Two workers take two pairs and wait at the provider; the third pair waits in the queue.
    const midRun = await waitForBatch(
      user.cookie,
      batchId,
      (batch) => batch.items.filter((i) => i.generation.status === 'running').length === 2,
    );
    const reload = await readBatch(user.cookie, batchId);
    // The same but for the clock: a running pair's elapsed time and the bar it earns (ADR 049).
    const frozen = (batch: typeof midRun) => ({
      ...batch,
      items: batch.items.map((item) => ({
        ...item,
        generation: { ...item.generation, elapsedMs: null, progress: null },
      })),
    });
    expect(frozen(reload)).toEqual(frozen(midRun));
    expect(reload.items.map((i) => i.generation.stage)).toEqual(['running', 'running', 'queued']);
    expect(reload.status).toBe('running');
    expect(reload.counts).toEqual({ total: 3, succeeded: 0, failed: 0, canceled: 0, active: 3 });
    expect(reload.name).toMatch(/^Catalogue \d{1,2} [A-Z][a-z]{2} \d{2}:\d{2}$/);
    expect(reload.models).toEqual([{ imageUrl: me, name: 'Your model 1' }]);
    expect(reload.items.map((i) => i.generation.queuePosition)).toEqual([null, null, 1]);
    expect(reload.zipUrl).toBeNull();
    // Nothing has succeeded yet: no zip to download.
    const early = await get(user.cookie, `/api/v1/try-on/batches/${batchId}/zip`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      error: {
        code: 'conflict',
        message:
          'No photo of this catalogue is ready yet. The zip can be downloaded once a pair has finished.',
      },
    });

    release();
    const done = await waitForBatch(user.cookie, batchId);
    expect(done.counts.succeeded).toBe(3);
  }, 60_000);

  it('refunds exactly the pair that failed, and zips only what succeeded', async () => {
    const user = await newUser(20);
    const [template] = await templates(user.cookie);
    if (!template) throw new Error('no templates seeded');
    const [dress] = await garments(user.cookie, 1);
    const broken = await uploadImage(t.app, user.cookie, await productPhoto(160, 220, '#444444'));
    // The model photo's stored bytes are gone by the time a worker needs them (its row remains,
    // so the catalogue is accepted): that pair fails for real; the other one cannot be affected.
    const brokenId = broken.split('/').pop() ?? '';
    await fs.rm(path.join(dataDir, 'media', brokenId, 'original.jpg'));
    const before = await balanceOf(t.database.db, user.id);

    const res = await startBatch(user.cookie, {
      name: 'One bad photo',
      garments: [{ imageUrl: dress, name: 'Dress' }],
      models: [
        { kind: 'template', templateId: template.templateId, templateUrl: template.templateUrl },
        { kind: 'photo', imageUrl: broken, name: 'Broken' },
      ],
      numImages: 2,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { batchId, creditCost } = res.json<{ batchId: string; creditCost: number }>();
    expect(creditCost).toBe(4); // 2 pairs × 2 images × 1 credit

    const batch = await waitForBatch(user.cookie, batchId);
    const [good, bad] = batch.items;
    expect(good?.generation).toMatchObject({ status: 'succeeded', creditCost: 2 });
    expect(good?.generation.imageUrls).toHaveLength(2);
    expect(bad?.generation).toMatchObject({
      status: 'failed',
      creditCost: 2,
      imageUrls: [],
      error: 'The generation failed. Your credits were refunded.',
    });
    expect(batch).toMatchObject({
      status: 'finished',
      counts: { total: 2, succeeded: 1, failed: 1, canceled: 0, active: 0 },
      creditCost: 2,
      refunded: 2,
    });
    // The ledger proves it: each pair reserved 2; the good one captured, the bad one released 2.
    expect(await settlements(user.id, good?.generation.id ?? '')).toEqual({
      reserved: 2,
      captures: 1,
      released: 0,
      releases: 0,
    });
    expect(await settlements(user.id, bad?.generation.id ?? '')).toEqual({
      reserved: 2,
      captures: 0,
      released: 2,
      releases: 1,
    });
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 2);
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);

    const zip = await get(user.cookie, `/api/v1/try-on/batches/${batchId}/zip`);
    expect(zip.statusCode).toBe(200);
    const model = template.templateName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    expect((await readZip(zip.rawPayload)).map((e) => e.name)).toEqual([
      `01-dress__${model}.jpg`,
      `01-dress__${model}-2.jpg`,
    ]);
  }, 60_000);

  it('replays the same Idempotency-Key as the same catalogue, charged once; another body is 422', async () => {
    const user = await newUser(20);
    const [a, b] = await garments(user.cookie, 2);
    const me = await uploadImage(t.app, user.cookie, await productPhoto(160, 220, '#222222'));
    const body = {
      garments: [{ imageUrl: a }, { imageUrl: b }],
      models: [{ kind: 'photo', imageUrl: me }],
    };
    const before = await balanceOf(t.database.db, user.id);
    const key = 'catalogue-key-0001';

    const first = await startBatch(user.cookie, body, key);
    const again = await startBatch(user.cookie, body, key);
    expect(first.statusCode, first.body).toBe(202);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toEqual(first.json());
    const { batchId } = first.json<{ batchId: string }>();
    expect(await rowsOf('generation_batches', user.id)).toBe(1);
    expect(await rowsOf('generations', user.id)).toBe(2);
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 2);

    const other = await startBatch(user.cookie, { ...body, numImages: 2 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      error: {
        code: 'idempotency_key_reused',
        message:
          'This Idempotency-Key was already used for a different catalogue in the last 24 hours.',
      },
    });

    await waitForBatch(user.cookie, batchId);
    // Replayed after it finished: still the same catalogue, still one charge.
    const late = await startBatch(user.cookie, body, key);
    expect(late.json()).toEqual(first.json());
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 2);
  }, 60_000);

  it('refuses a catalogue the balance cannot pay for with 402, creating nothing', async () => {
    const user = await newUser(); // the 5 welcome credits
    const [a, b, c] = await garments(user.cookie, 3);
    const me = await uploadImage(t.app, user.cookie, await productPhoto(160, 220, '#222222'));
    const [template] = await templates(user.cookie);

    const res = await startBatch(user.cookie, {
      garments: [{ imageUrl: a }, { imageUrl: b }, { imageUrl: c }],
      models: [
        { kind: 'photo', imageUrl: me },
        { kind: 'template', templateId: template?.templateId, templateUrl: template?.templateUrl },
      ],
    });

    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      success: false,
      error: {
        code: 'insufficient_credits',
        message: 'You need 6 credits for this and have 5.',
        details: { required: 6, available: 5 },
      },
    });
    expect(await rowsOf('generation_batches', user.id)).toBe(0);
    expect(await rowsOf('generations', user.id)).toBe(0);
    expect(await balanceOf(t.database.db, user.id)).toBe(5);
    expect((await listEntries(t.database.db, user.id)).map((e) => e.kind)).toEqual(['grant']);
  });

  it('allows one running catalogue at a time (429) without blocking single generations, and yields to them in the queue', async () => {
    const user = await newUser(20);
    const shots = await garments(user.cookie, 5);
    const me = await uploadImage(t.app, user.cookie, await productPhoto(160, 220, '#222222'));
    hold(...shots);
    const first = await startBatch(user.cookie, {
      garments: shots.map((imageUrl) => ({ imageUrl })),
      models: [{ kind: 'photo', imageUrl: me }],
    });
    expect(first.statusCode, first.body).toBe(202);
    const { batchId } = first.json<{ batchId: string }>();

    const second = await startBatch(user.cookie, {
      garments: [{ imageUrl: shots[0] }],
      models: [{ kind: 'photo', imageUrl: me }],
    });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({
      error: {
        code: 'too_many_batches',
        message:
          'A catalogue of yours is still in progress. Wait for it to finish or cancel it, then start the next one.',
        // Named, so the page can show the running catalogue (or cancel it).
        details: { batchId },
      },
    });

    // Five pairs are in progress, over the 4 single generations allowed: a single still starts,
    // and its job outranks the catalogue's (pg-boss priority), which run in catalogue order.
    const single = await post(t.app, user.cookie, '/api/v1/try-on/generate', {
      garment: { imageUrl: shots[0] },
      model: { kind: 'photo', imageUrl: me },
    });
    expect(single.statusCode, single.body).toBe(202);
    const { rows } = await t.database.pool.query<{
      id: string;
      priority: number;
      batch_index: number | null;
    }>(
      `select j.id::text, j.priority, g.batch_index from pgboss.job j
         join generations g on g.id = j.data->>'generationId'
        where g.user_id = $1 order by g.batch_index nulls first`,
      [user.id],
    );
    expect(rows.map((r) => [r.batch_index, r.priority])).toEqual([
      [null, 0],
      [0, -1],
      [1, -1],
      [2, -1],
      [3, -1],
      [4, -1],
    ]);
    const pairJobs = rows.filter((r) => r.batch_index !== null).map((r) => r.id);
    expect([...pairJobs].sort()).toEqual(pairJobs);

    release();
    await waitForBatch(user.cookie, batchId);
    const next = await startBatch(user.cookie, {
      garments: [{ imageUrl: shots[0] }],
      models: [{ kind: 'photo', imageUrl: me }],
    });
    expect(next.statusCode, next.body).toBe(202);
    await waitForBatch(user.cookie, next.json<{ batchId: string }>().batchId);
  }, 60_000);

  it('cancels only unfinished pairs, refunding each once', async () => {
    const user = await newUser(20);
    const [done, slow1, slow2] = await garments(user.cookie, 3);
    const me = await uploadImage(t.app, user.cookie, await productPhoto(160, 220, '#222222'));
    hold(slow1 ?? '', slow2 ?? '');
    const before = await balanceOf(t.database.db, user.id);
    const res = await startBatch(user.cookie, {
      garments: [{ imageUrl: done }, { imageUrl: slow1 }, { imageUrl: slow2 }],
      models: [{ kind: 'photo', imageUrl: me }],
      numImages: 2,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { batchId } = res.json<{ batchId: string }>();
    await waitForBatch(user.cookie, batchId, (b) => b.counts.succeeded === 1);

    const cancel = () => post(t.app, user.cookie, `/api/v1/try-on/batches/${batchId}/cancel`, {});
    const canceled = await cancel();
    expect(canceled.statusCode, canceled.body).toBe(200);
    const batch = canceled.json<{ batch: TryOnBatch }>().batch;
    expect(batch).toMatchObject({
      status: 'finished',
      counts: { total: 3, succeeded: 1, failed: 0, canceled: 2, active: 0 },
      creditCost: 2,
      refunded: 4,
    });
    expect(batch.items.map((i) => i.generation.status)).toEqual([
      'succeeded',
      'canceled',
      'canceled',
    ]);
    // A second cancel changes nothing: no pair is refunded twice.
    expect((await cancel()).json<{ batch: TryOnBatch }>().batch.refunded).toBe(4);
    for (const item of batch.items.slice(1)) {
      expect(await settlements(user.id, item.generation.id)).toMatchObject({
        released: 2,
        releases: 1,
      });
    }
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 2);
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  }, 60_000);

  it('gives each pair its deadline from its own start; a pair no worker takes is refunded after the backstop', async () => {
    const user = await newUser(10);
    const shots = await garments(user.cookie, 3);
    const me = await uploadImage(t.app, user.cookie, await productPhoto(160, 220, '#222222'));
    hold(...shots);
    const before = await balanceOf(t.database.db, user.id);
    const res = await startBatch(user.cookie, {
      garments: shots.map((imageUrl) => ({ imageUrl })),
      models: [{ kind: 'photo', imageUrl: me }],
    });
    const { batchId } = res.json<{ batchId: string }>();
    const midRun = await waitForBatch(
      user.cookie,
      batchId,
      (batch) => batch.items.filter((i) => i.generation.status === 'running').length === 2,
    );
    const createdAt = new Date(midRun.items[0]?.generation.createdAt ?? '').getTime();
    const queued = midRun.items[2]?.generation.id ?? '';

    // 16 minutes on: the two running pairs are past their 15 minutes, the queued one has not
    // started its own yet (it may wait behind a whole catalogue).
    await sweepOverdue(sweeper(), new Date(createdAt + 16 * 60_000));
    const later = await readBatch(user.cookie, batchId);
    expect(later.items.map((i) => i.generation.status).slice(0, 2)).toEqual(['failed', 'failed']);
    expect(later.items[2]?.generation.status).not.toBe('failed');
    // The backstop: work no worker took (or that started and then hung) is refunded in the end.
    await sweepOverdue(sweeper(), new Date(createdAt + PAIR_QUEUE_BACKSTOP_MS + 60_000));
    const swept = await readBatch(user.cookie, batchId);
    expect(swept.items.find((i) => i.generation.id === queued)?.generation.status).toBe('failed');
    expect(swept).toMatchObject({ status: 'finished', creditCost: 0, refunded: 3 });
    expect(await balanceOf(t.database.db, user.id)).toBe(before);
  }, 60_000);

  it('answers 404 for another user’s catalogue, its zip and its cancel, as for a missing one', async () => {
    const owner = await newUser(10);
    const stranger = await newUser();
    const [a] = await garments(owner.cookie, 1);
    const me = await uploadImage(t.app, owner.cookie, await productPhoto(160, 220, '#222222'));
    const res = await startBatch(owner.cookie, {
      garments: [{ imageUrl: a }],
      models: [{ kind: 'photo', imageUrl: me }],
    });
    const { batchId } = res.json<{ batchId: string }>();
    await waitForBatch(owner.cookie, batchId);

    for (const id of [batchId, 'bat_missing']) {
      const reads = [
        await get(stranger.cookie, `/api/v1/try-on/batches/${id}`),
        await get(stranger.cookie, `/api/v1/try-on/batches/${id}/zip`),
        await post(t.app, stranger.cookie, `/api/v1/try-on/batches/${id}/cancel`, {}),
      ];
      for (const read of reads) {
        expect(read.statusCode).toBe(404);
        expect(read.json()).toMatchObject({
          error: { code: 'not_found', message: 'Batch not found' },
        });
      }
    }
    // The owner's catalogue is untouched.
    expect((await readBatch(owner.cookie, batchId)).counts.succeeded).toBe(1);
  }, 60_000);

  it('answers the user’s latest catalogue for /try-on to show again, and none for another user', async () => {
    const owner = await newUser(10);
    const stranger = await newUser();
    expect((await get(owner.cookie, '/api/v1/try-on/batches/latest')).json()).toEqual({
      success: true,
      batch: null,
    });
    const [a, b] = await garments(owner.cookie, 2);
    const me = await uploadImage(t.app, owner.cookie, await productPhoto(160, 220, '#222222'));
    const ids: string[] = [];
    for (const garment of [a, b]) {
      const res = await startBatch(owner.cookie, {
        garments: [{ imageUrl: garment }],
        models: [{ kind: 'photo', imageUrl: me }],
      });
      expect(res.statusCode, res.body).toBe(202);
      const { batchId } = res.json<{ batchId: string }>();
      ids.push(batchId);
      await waitForBatch(owner.cookie, batchId);
    }
    const latest = await get(owner.cookie, '/api/v1/try-on/batches/latest');
    expect(latest.statusCode, latest.body).toBe(200);
    const { batch } = latest.json<{ batch: TryOnBatch }>();
    expect(batch).toEqual(await readBatch(owner.cookie, ids[1] ?? ''));
    expect((await get(stranger.cookie, '/api/v1/try-on/batches/latest')).json()).toEqual({
      success: true,
      batch: null,
    });
  }, 60_000);

  it('validates the catalogue with messages a seller can act on', async () => {
    const user = await newUser(10);
    const [a] = await garments(user.cookie, 1);
    const photo = (i: number) => ({
      kind: 'photo',
      imageUrl: `/api/v1/media/${'p'.repeat(21)}${String(i)}`,
    });
    const garment = (i: number) => ({
      imageUrl: `/api/v1/media/${'g'.repeat(20)}${String(i).padStart(2, '0')}`,
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { garments: Array.from({ length: 21 }, (_, i) => garment(i)), models: [photo(1)] },
        'garments',
        'A catalogue takes at most 20 garments',
      ],
      [
        { garments: [{ imageUrl: a }], models: [1, 2, 3, 4, 5].map(photo) },
        'models',
        'Choose at most 4 models',
      ],
      [
        { garments: [{ imageUrl: a }, { imageUrl: a }], models: [photo(1)] },
        'garments',
        'Each garment can be added once',
      ],
      [
        { garments: [{ imageUrl: a }], models: [photo(1), photo(1)] },
        'models',
        'Each model can be chosen once',
      ],
      [{ garments: [], models: [photo(1)] }, 'garments', 'Please upload at least one garment'],
      [{ garments: [{ imageUrl: a }], models: [] }, 'models', 'Please choose at least one model'],
      [
        { garments: [{ imageUrl: a }], models: [{ kind: 'template', templateId: '3' }] },
        'models.0.templateUrl',
        'A template needs its image URL',
      ],
      [
        { garments: [{ imageUrl: a, name: 'x'.repeat(81) }], models: [photo(1)] },
        'garments.0.name',
        'Names are at most 80 characters',
      ],
    ];
    for (const [body, where, message] of cases) {
      const res = await startBatch(user.cookie, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({
        error: { code: 'validation_failed', details: [{ path: where, message }] },
      });
    }
    // Not our media: refused before anything is charged.
    const foreign = await startBatch(user.cookie, {
      garments: [{ imageUrl: 'https://example.com/dress.jpg' }],
      models: [photo(1)],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ error: { code: 'input_not_allowed' } });
    // Quality is a Pro mode.
    const quality = await startBatch(user.cookie, {
      garments: [{ imageUrl: a }],
      models: [{ kind: 'template', templateId: 'random' }],
      mode: 'quality',
    });
    expect(quality.statusCode).toBe(403);
    expect(quality.json()).toMatchObject({ error: { code: 'plan_required' } });
    expect(await rowsOf('generation_batches', user.id)).toBe(0);
  });

  it('resolves the random model once, to a live template not otherwise chosen', async () => {
    const user = await newUser(10);
    const live = await templates(user.cookie);
    const [chosen] = live;
    const [a, b] = await garments(user.cookie, 2);
    const res = await startBatch(user.cookie, {
      garments: [{ imageUrl: a }, { imageUrl: b }],
      models: [
        { kind: 'template', templateId: chosen?.templateId, templateUrl: chosen?.templateUrl },
        { kind: 'template', templateId: 'random' },
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    const batch = await waitForBatch(user.cookie, res.json<{ batchId: string }>().batchId);
    const picked = batch.models[1];
    const template = live.find((tpl) => tpl.templateUrl === picked?.imageUrl);
    expect(template).toBeDefined();
    expect(template?.templateId).not.toBe(chosen?.templateId);
    expect(picked?.name).toBe(template?.templateName);
    // Both garments were tried on that same template.
    const randomPairs = batch.items.filter((i) => i.modelIndex === 1);
    expect(randomPairs.map((i) => i.generation.inputImageUrls[1])).toEqual([
      picked?.imageUrl,
      picked?.imageUrl,
    ]);
  }, 60_000);
});
