import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Generation } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations as generationsTable } from '../../db/schema';
import { newUser, post, productPhoto, uploadImage } from '../../../test/generation-helpers';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLocalProvider } from '../../platform/providers/local-provider';
import type { GenerationProvider } from '../../platform/providers/types';
import { createLocalStorage } from '../../platform/storage/local-storage';
import type { Storage } from '../../platform/storage/storage';
import { DEFAULT_UNIT_MS, forgetDurationEstimates, median } from './duration-estimates';
import { createGeneration } from './generations.service';

/*
 * The progress view's stages and estimate (ADR 049): a generation is queued, then running, then
 * saving while its outputs are stored, with an expected duration that comes from the tool's
 * defaults until runs have been measured, and from their median after.
 */

/** A gate a test opens: work waits at it while it is shut. */
function gate() {
  let open: () => void = () => undefined;
  let shut = false;
  let opened = Promise.resolve();
  return {
    close() {
      shut = true;
      opened = new Promise((resolve) => {
        open = resolve;
      });
    },
    open() {
      shut = false;
      open();
    },
    async pass() {
      if (shut) await opened;
    },
  };
}

const providerGate = gate();
const storageGate = gate();
let dataDir: string;
let t: TestApp;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-progress-'));
  const local = createLocalProvider();
  // The engine waits at the gate before it works: the 'running' stage, held.
  const provider: GenerationProvider = {
    ...local,
    run: async (job, ctx) => {
      await providerGate.pass();
      return local.run(job, ctx);
    },
  };
  const disk = createLocalStorage(path.join(dataDir, 'media'));
  // Storing waits at its own gate: the 'saving' stage, held.
  const storage: Storage = {
    ...disk,
    put: async (key, body, contentType) => {
      await storageGate.pass();
      return disk.put(key, body, contentType);
    },
  };
  t = await createTestApp({
    env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '100' },
    worker: true,
    provider,
    storage,
  });
});
afterAll(async () => {
  providerGate.open();
  storageGate.open();
  await t.app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function read(cookie: string, id: string): Promise<Generation> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/generations/${id}`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ generation: Generation }>().generation;
}

/** Polls until `done` holds (bounded), returning the generation that satisfied it. */
async function until(cookie: string, id: string, done: (g: Generation) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const generation = await read(cookie, id);
    if (done(generation)) return generation;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(generation)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function upscale(cookie: string, imageUrl: string, wait = false) {
  const res = await post(t.app, cookie, `/api/v1/upscaler${wait ? '?wait=60' : ''}`, {
    imageUrl,
    upscaleFactor: '2x',
  });
  expect(res.statusCode, res.body).toBe(wait ? 200 : 202);
  return res.json<{ generationId: string }>().generationId;
}

/** The measured durations (started → finished) of the local engine's successful upscales. */
/**
 * The finished upscales' run times, read at PostgreSQL's microsecond precision as the server reads
 * them: a difference of two millisecond Dates can be 1 ms off its rounding.
 */
async function measuredUpscales(): Promise<number[]> {
  const rows = await t.database.db
    .select({
      ms: sql<number>`(extract(epoch from ${generationsTable.finishedAt} - ${generationsTable.startedAt}) * 1000)::int`,
    })
    .from(generationsTable)
    .where(and(eq(generationsTable.type, 'upscaler'), eq(generationsTable.status, 'succeeded')));
  return rows.map((row) => row.ms);
}

describe('a generation on its way', () => {
  it('goes queued → running → saving → finished, with an expected duration while unfinished', async () => {
    const user = await newUser(t, { credits: 50 });
    const imageUrl = await uploadImage(t.app, user.cookie, await productPhoto(300, 200));
    forgetDurationEstimates();

    // Queued: work no worker has taken yet (inserted without a job) says its place and estimate.
    const queued = await createGeneration(t.database.db, {
      id: 'gen_progress_queued',
      userId: user.id,
      type: 'upscaler',
      credits: 0,
      settings: { imageUrl, upscaleFactor: '2x', method: 'standard' },
      provider: 'local',
    });
    expect(await read(user.cookie, queued.id)).toMatchObject({
      status: 'queued',
      stage: 'queued',
      queuePosition: 1,
      progress: 0,
      elapsedMs: null,
      expectedMs: DEFAULT_UNIT_MS.upscaler,
    });
    await t.database.db.delete(generationsTable).where(eq(generationsTable.id, queued.id));

    providerGate.close();
    const id = await upscale(user.cookie, imageUrl);
    const running = await until(user.cookie, id, (g) => g.stage === 'running');
    expect(running).toMatchObject({ status: 'running', queuePosition: null });
    // No upscale has finished yet: the tool's default.
    expect(running.expectedMs).toBe(DEFAULT_UNIT_MS.upscaler);
    expect(running.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(running.progress).toBeLessThanOrEqual(95);

    // The elapsed time grows with the server's clock while the provider works.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const later = await read(user.cookie, id);
    expect(later.elapsedMs ?? 0).toBeGreaterThanOrEqual((running.elapsedMs ?? 0) + 250);

    storageGate.close();
    providerGate.open();
    const saving = await until(user.cookie, id, (g) => g.stage === 'saving');
    expect(saving).toMatchObject({ status: 'running', stage: 'saving' });
    expect(saving.progress).toBeLessThanOrEqual(95);

    storageGate.open();
    const done = await until(user.cookie, id, (g) => g.status === 'succeeded');
    expect(done).toMatchObject({ stage: null, expectedMs: null, elapsedMs: null, progress: 100 });
  });

  it('expects the median of the measured runs once there are some', async () => {
    const user = await newUser(t, { credits: 50 });
    const imageUrl = await uploadImage(t.app, user.cookie, await productPhoto(300, 200));
    for (let i = 0; i < 3; i++) await upscale(user.cookie, imageUrl, true);
    const measured = await measuredUpscales();
    expect(measured.length).toBeGreaterThanOrEqual(4);

    // Each process reads the history at most once a minute; this test reads it afresh.
    forgetDurationEstimates();
    providerGate.close();
    const id = await upscale(user.cookie, imageUrl);
    const running = await until(user.cookie, id, (g) => g.stage === 'running');
    expect(running.expectedMs).toBe(Math.round(median(measured) ?? 0));
    expect(running.expectedMs).not.toBe(DEFAULT_UNIT_MS.upscaler);
    providerGate.open();
    await until(user.cookie, id, (g) => g.status === 'succeeded');
  });
});
