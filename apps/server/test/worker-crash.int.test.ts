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
import { childProcessEnv, createTestApp, signUp, testDatabaseUrl, type TestApp } from './harness';

/*
 * ARCHITECTURE §4 / issue 5: the worker process is killed with SIGKILL at five points of the
 * lifecycle, twice over. Afterwards every generation must be succeeded-and-captured or
 * failed-and-released, no credits in limbo, and fal saw at most one submission per generation.
 * The API runs here; the worker is the real `main.ts` with ROLE=worker in a child process, and fal
 * is the local fake speaking the queue protocol.
 *
 * Which generations may fail is decided exactly, not by a count (issue 29 finding 6, ADR 039's
 * addendum of 2026-11-27). The worker's two job slots take jobs together and submit within
 * milliseconds of each other, so the kill right after a submission usually catches both between
 * submit and storing fal's id, a kill aimed at another phase can catch a slot as it submits, and
 * a busy machine widens that window: 2 to 5 of 12 fail, at random. After each kill
 * the test waits until PostgreSQL has ended the dead worker's sessions (its writes are then final),
 * reads every generation, and remembers the ones left in the submit window. Those alone may fail,
 * and only with the submit-window message; every other generation must succeed.
 */

const serverDir = path.resolve(import.meta.dirname, '..');
const API_KEY = 'crash-test-key';
let dataDir: string;
let fake: FakeFal;
let t: TestApp;
let workerEnv: Record<string, string>;
const children = new Set<ChildProcess>();
let workersStarted = 0;

/*
 * Bounds, not expected durations. A worker's start is mostly module loading (7–9 s of CPU; at load
 * 10 on this 2-core machine a worker spawned cold claimed its first job 33–47 s later), so workers
 * load ahead (`spawnWorker`), a kill point's wait begins once its worker has connected, and the
 * start has a bound of its own. The test's own bound is 20 minutes.
 */
const START_MS = 180_000;
const REACH_MS = 60_000;
const SETTLE_MS = 180_000;

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

interface Worker {
  child: ChildProcess;
  /** Its database sessions' application_name (PGAPPNAME), so the test can find them. */
  name: string;
}

/**
 * A worker process that loads its modules and waits (`test/warm-worker.ts`); `run` starts the
 * real `main.ts` in it. Loading is most of a start, so a round's workers load together up front.
 */
function spawnWorker(): Worker {
  workersStarted++;
  const name = `crash-worker-${String(workersStarted)}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/warm-worker.ts'], {
    cwd: serverDir,
    env: childProcessEnv({ ...workerEnv, PGAPPNAME: name }),
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return { child, name };
}

function run(worker: Worker) {
  worker.child.stdin?.write('run\n');
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

async function sessionsOf(name: string) {
  const { rows } = await t.database.pool.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where application_name = $1',
    [name],
  );
  return rows[0]?.n ?? 0;
}

/** Waits until a running worker has opened its first database session (main.ts has started). */
async function connected(name: string) {
  const up = await until(async () => (await sessionsOf(name)) > 0, START_MS);
  expect(up, `${name} did not connect within ${String(START_MS)} ms`).toBe(true);
}

/**
 * Waits until PostgreSQL has ended every session of a killed worker. A statement the worker sent
 * just before it died may still commit after its exit; once its sessions are gone, what it wrote
 * is final, and the generations' state is what the dead worker left.
 */
async function sessionsGone(name: string) {
  const gone = await until(async () => (await sessionsOf(name)) === 0, 60_000);
  expect(gone, `${name}'s database sessions outlived it`).toBe(true);
}

const statuses = async (ids: string[]) =>
  (
    await t.database.db
      .select({ id: generations.id, status: generations.status })
      .from(generations)
      .where(inArray(generations.id, ids))
  ).map((r) => r.status);

const calls = (kind: string) => fake.calls.filter((c) => c.kind === kind).length;

/** What a failure says when the runner found a generation left between submit and storing the id. */
const SUBMIT_WINDOW_FAILURE = 'The generation was interrupted while it was being sent.';

type Phase = 'queued' | 'claimed' | 'submit window' | 'submitted' | 'succeeded' | 'failed';

/**
 * Where a generation stood when its worker died. "submit window": the runner had begun to submit
 * it (its provider request column holds something, or fal received it) but no request id fal
 * issued is stored, so recovery cannot find the work and may only refund it. This compares with
 * the ids fal issued instead of reading a marker value, so it holds while the window is narrowed
 * (issue 29 finding 7); a runner recording its intent in another column would still be seen here
 * through fal's side once fal has the submission.
 */
function phaseOf(
  row: { status: string; providerRequestId: string | null },
  mediaId: string,
): Phase {
  if (row.status === 'succeeded' || row.status === 'failed' || row.status === 'queued') {
    return row.status;
  }
  const stored = row.providerRequestId;
  const atFal = fake.submissions.filter((s) => JSON.stringify(s.input).includes(mediaId));
  if (stored && atFal.some((s) => stored.includes(s.requestId))) return 'submitted';
  return stored !== null || atFal.length > 0 ? 'submit window' : 'claimed';
}

/** The five points: each waits for its moment in the running worker, then the test kills it. */
const KILL_POINTS: {
  point: string;
  /** Whether to wait for the worker to connect before watching for the moment. */
  afterStart: boolean;
  reached: (ids: string[]) => Promise<boolean> | boolean;
}[] = [
  { point: 'before any job is picked up', afterStart: false, reached: () => true },
  {
    point: 'once a generation is claimed',
    afterStart: true,
    reached: async (ids) => (await statuses(ids)).includes('running'),
  },
  {
    point: 'right after fal accepted a submission',
    afterStart: true,
    reached: () => fake.submissions.length > submittedBefore,
  },
  {
    point: 'while fal reports progress',
    afterStart: true,
    reached: () => calls('status') > statusBefore + 6,
  },
  {
    point: 'while a result is being copied',
    afterStart: true,
    reached: () => calls('result') > resultBefore,
  },
];
let submittedBefore = 0;
let statusBefore = 0;
let resultBefore = 0;

const mediaIdOf = (url: string) => url.split('/').pop() ?? '';

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
    const startedAt = Date.now();
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
    /** Each generation's phase after every kill, for the failure messages. */
    const history = new Map<string, string[]>();
    /** Generations a kill left in the submit window (with the kill): the only ones that may fail. */
    const leftInWindow = new Map<string, string>();
    for (let round = 0; round < 2; round++) {
      // A worker per kill point and one to finish, loading while the round's work is created.
      const plan = KILL_POINTS.map((killPoint) => ({ ...killPoint, worker: spawnWorker() }));
      const finisher = spawnWorker();
      const { ids, inputs } = await createRound(users);
      all.push(...ids);
      for (const [id, url] of inputs) {
        inputsOf.set(id, url);
        history.set(id, []);
      }
      for (const { point, afterStart, reached, worker } of plan) {
        run(worker);
        if (afterStart) await connected(worker.name);
        submittedBefore = fake.submissions.length;
        statusBefore = calls('status');
        resultBefore = calls('result');
        if (await until(() => reached(ids), REACH_MS)) hit.add(point);
        await kill(worker.child);
        await sessionsGone(worker.name);
        const rows = await t.database.db
          .select({
            id: generations.id,
            status: generations.status,
            providerRequestId: generations.providerRequestId,
          })
          .from(generations)
          .where(inArray(generations.id, ids));
        for (const row of rows) {
          const phase = phaseOf(row, mediaIdOf(inputsOf.get(row.id) ?? ''));
          history.get(row.id)?.push(`${phase} when killed ${point}`);
          if (phase === 'submit window' && !leftInWindow.has(row.id)) {
            leftInWindow.set(row.id, point);
          }
        }
      }
      // A last worker (graceful this time) finishes whatever the kills left.
      run(finisher);
      const settled = await until(
        async () => (await statuses(ids)).every((s) => s === 'succeeded' || s === 'failed'),
        START_MS + SETTLE_MS,
      );
      finisher.child.kill('SIGTERM');
      await once(finisher.child, 'exit');
      expect(settled, `round ${String(round)}: ${(await statuses(ids)).join(',')}`).toBe(true);
    }

    // Every kill point was really reached (in at least one round), not just timed out.
    expect([...hit].sort()).toEqual(KILL_POINTS.map(({ point }) => point).sort());

    const rows = await t.database.db.select().from(generations).where(inArray(generations.id, all));
    const reservations = await t.database.db
      .select()
      .from(creditReservations)
      .where(inArray(creditReservations.id, all));
    const settlement = new Map(reservations.map((r) => [r.id, r.status]));
    for (const row of rows) {
      const story = `${row.id}: ${(history.get(row.id) ?? []).join(', ')}; then ${row.status}: ${String(row.error)}`;
      // Failure is only for a generation a kill left between submit and storing fal's id, and
      // says so; everything else (every other kill point, a kill aimed at the other slot) succeeds.
      if (row.status === 'failed') {
        expect(row.error, story).toContain(SUBMIT_WINDOW_FAILURE);
        expect(leftInWindow.has(row.id), story).toBe(true);
      } else {
        expect(row.status, story).toBe('succeeded');
        expect(row.imageUrls, story).toHaveLength(1);
      }
      expect(settlement.get(row.id), row.id).toBe(
        row.status === 'succeeded' ? 'captured' : 'released',
      );
    }
    expect(reservations.filter((r) => r.status === 'held')).toEqual([]);
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);

    // At most one paid submission per generation (its input image identifies it at the fake).
    for (const [id, url] of inputsOf) {
      const mediaId = mediaIdOf(url);
      const submissions = fake.submissions.filter((s) => JSON.stringify(s.input).includes(mediaId));
      expect(submissions.length, id).toBeLessThanOrEqual(1);
    }

    // The split is random by design, so say what this run exercised.
    const failed = rows.filter((r) => r.status === 'failed');
    const byPoint = new Map<string, number>();
    for (const row of failed) {
      const point = leftInWindow.get(row.id) ?? '';
      byPoint.set(point, (byPoint.get(point) ?? 0) + 1);
    }
    const why = [...byPoint].map(([point, n]) => `${String(n)} left there when killed ${point}`);
    const seconds = Math.round((Date.now() - startedAt) / 1000);
    const load = os.loadavg().map((l) => l.toFixed(1));
    console.info(
      `worker-crash: ${String(rows.length - failed.length)} of ${String(rows.length)} succeeded; ` +
        `${String(failed.length)} failed in the submit window (${why.join('; ') || 'none'}); ` +
        `${String(seconds)} s at load ${load.join(' ')}`,
    );
  }, 1_200_000);
});
