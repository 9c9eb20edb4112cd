import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditReservations, generations } from '../src/db/schema';
import { findBalanceMismatches } from '../src/modules/credits/credits.service';
import { startFakeFal, type FakeFal } from './fake-fal-server';
import { giveCredits, post, productPhoto, uploadImage, userIdOf } from './generation-helpers';
import { createTestApp, signUp, testDatabaseUrl, type TestApp } from './harness';

/*
 * ARCHITECTURE §4 / issue 5: the worker process is killed with SIGKILL at five points of the
 * lifecycle, twice over. Afterwards every generation must be succeeded-and-captured or
 * failed-and-released, no credits in limbo, and fal saw at most one submission per generation.
 * The API runs here; the worker is the real `main.ts` with ROLE=worker in a child process, and fal
 * is the local fake speaking the queue protocol.
 */

const serverDir = path.resolve(import.meta.dirname, '..');
const API_KEY = 'crash-test-key';
let dataDir: string;
let fake: FakeFal;
let t: TestApp;
let workerEnv: Record<string, string>;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-crash-'));
  fake = await startFakeFal({ apiKey: API_KEY });
  // Long enough to land kills in each phase, short enough to finish quickly (polls every 50 ms).
  fake.setDefaultScript({ queueSteps: 4, progressSteps: 10, outcome: 'ok' });
  const env = {
    DATA_DIR: dataDir,
    RATE_LIMIT_MULTIPLIER: '100',
    GENERATION_PROVIDER: 'fal',
    FAL_KEY: API_KEY,
    FAL_BASE_URL: fake.url,
    FAL_POLL_INTERVAL_MS: '50',
    GENERATION_LEASE_SECONDS: '2',
    JOB_EXPIRE_SECONDS: '120',
    QUEUE_MAINTENANCE_SECONDS: '1',
    SWEEP_INTERVAL_SECONDS: '1',
    JOB_RETRY_DELAY_SECONDS: '1',
  };
  t = await createTestApp({ env, worker: false });
  workerEnv = {
    ...env,
    NODE_ENV: 'test',
    ROLE: 'worker',
    LOG_LEVEL: 'error',
    DATABASE_URL: await testDatabaseUrl(),
    WEB_DIST_DIR: '/nonexistent',
    WORKER_CONCURRENCY: '2',
  };
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await fake.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...workerEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** Polls until `check` holds (bounded); returns whether it did. */
async function until(check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(10);
  }
  return false;
}

const statuses = async (ids: string[]) =>
  (
    await t.database.db
      .select({ id: generations.id, status: generations.status })
      .from(generations)
      .where(inArray(generations.id, ids))
  ).map((r) => r.status);

const calls = (kind: string) => fake.calls.filter((c) => c.kind === kind).length;

/** The five points: each waits for its moment in the running worker, then the test kills it. */
const KILL_POINTS: [string, (ids: string[]) => Promise<boolean> | boolean][] = [
  ['before any job is picked up', () => true],
  ['once a generation is claimed', async (ids) => (await statuses(ids)).includes('running')],
  ['right after fal accepted a submission', () => fake.submissions.length > submittedBefore],
  ['while fal reports progress', () => calls('status') > statusBefore + 6],
  ['while a result is being copied', () => calls('result') > resultBefore],
];
let submittedBefore = 0;
let statusBefore = 0;
let resultBefore = 0;

async function createRound(users: { cookie: string }[]) {
  const ids: string[] = [];
  const inputs = new Map<string, string>();
  for (const [i, user] of users.entries()) {
    for (let j = 0; j < 3; j++) {
      const image = await uploadImage(
        t.app,
        user.cookie,
        await productPhoto(300 + i * 10 + j, 300),
      );
      const res = await post(t.app, user.cookie, '/api/v1/upscaler', { imageUrl: image });
      expect(res.statusCode, res.body).toBe(202);
      const { generationId } = res.json<{ generationId: string }>();
      ids.push(generationId);
      inputs.set(generationId, image);
    }
  }
  return { ids, inputs };
}

describe('a worker killed with SIGKILL at five points of the lifecycle', () => {
  it('leaves every generation settled once, with no credits in limbo and one fal submission each', async () => {
    const users = await Promise.all(
      [1, 2].map(async () => {
        const { cookie } = await signUp(t.app);
        const id = await userIdOf(t.app, cookie);
        await giveCredits(t.database.db, id, 20);
        return { cookie, id };
      }),
    );
    const all: string[] = [];
    const hit = new Set<string>();
    const inputsOf = new Map<string, string>();
    for (let round = 0; round < 2; round++) {
      const { ids, inputs } = await createRound(users);
      all.push(...ids);
      for (const [id, url] of inputs) inputsOf.set(id, url);
      for (const [point, reached] of KILL_POINTS) {
        submittedBefore = fake.submissions.length;
        statusBefore = calls('status');
        resultBefore = calls('result');
        const worker = startWorker();
        if (await until(() => reached(ids), 20_000)) hit.add(point);
        await kill(worker);
      }
      // A last worker (graceful this time) finishes whatever the kills left.
      const worker = startWorker();
      const settled = await until(
        async () => (await statuses(ids)).every((s) => s === 'succeeded' || s === 'failed'),
        90_000,
      );
      worker.kill('SIGTERM');
      await once(worker, 'exit');
      expect(settled, `round ${String(round)}: ${(await statuses(ids)).join(',')}`).toBe(true);
    }

    // Every kill point was really reached (in at least one round), not just timed out.
    expect([...hit].sort()).toEqual(KILL_POINTS.map(([p]) => p).sort());

    const rows = await t.database.db.select().from(generations).where(inArray(generations.id, all));
    const reservations = await t.database.db
      .select()
      .from(creditReservations)
      .where(inArray(creditReservations.id, all));
    const settlement = new Map(reservations.map((r) => [r.id, r.status]));
    for (const row of rows) {
      expect(['succeeded', 'failed']).toContain(row.status);
      expect(settlement.get(row.id), row.id).toBe(
        row.status === 'succeeded' ? 'captured' : 'released',
      );
      if (row.status === 'succeeded') expect(row.imageUrls).toHaveLength(1);
    }
    expect(reservations.filter((r) => r.status === 'held')).toEqual([]);
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);

    // At most one paid submission per generation (its input image identifies it at the fake).
    for (const [id, url] of inputsOf) {
      const mediaId = url.split('/').pop() ?? '';
      const submissions = fake.submissions.filter((s) => JSON.stringify(s.input).includes(mediaId));
      expect(submissions.length, id).toBeLessThanOrEqual(1);
    }
    // Most work must have succeeded: failure is only for a kill between submit and storing the id.
    expect(rows.filter((r) => r.status === 'succeeded').length).toBeGreaterThanOrEqual(
      rows.length - 4,
    );
  }, 400_000);
});
