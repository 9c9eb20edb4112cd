import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giveCredits,
  post,
  productPhoto,
  uploadImage,
  userIdOf,
  waitForGeneration,
} from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { hostTag, makeEngineTempDir } from '../../platform/engine/temp-dirs';
import { createJobQueue, type JobQueue } from '../../platform/queue/job-queue';
import { findBalanceMismatches } from '../credits/credits.service';
import { redeliverAbandoned } from './generation-runner';
import * as repo from './generations.repository';

/*
 * Issue 19 item 8 (ADR 039): a worker stops mid-job (it took the queue job and claimed the lease,
 * then nothing more). While the re-sent work waits behind a busy queue, sweep after sweep must not
 * send it again; the dead worker's job must end at once instead of at its 40-minute expiry; a
 * starting worker removes the ffmpeg scratch folders of dead processes, and only those.
 */

const LEASE_MS = 1000;
const LEASE_ENV = { GENERATION_LEASE_SECONDS: '1', SWEEP_INTERVAL_SECONDS: '1' };
let t: TestApp;
let queue: JobQueue;
let cookie = '';
let releaseDeadWorker: () => Promise<void> = async () => undefined;

/** A queue client on this file's database, with the app's settings (no maintenance of its own). */
const testQueue = () =>
  createJobQueue({
    pool: t.database.pool,
    supervise: false,
    expireInSeconds: 2400,
    maintenanceIntervalSeconds: 60,
    retryLimit: 5,
    retryDelaySeconds: 2,
  });

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100', ...LEASE_ENV } });
  queue = await testQueue();
  ({ cookie } = await signUp(t.app));
  await giveCredits(t.database.db, await userIdOf(t.app, cookie), 20);
});

afterAll(async () => {
  // Also when an assertion failed before the stuck handlers were let go.
  await releaseDeadWorker();
  await queue.stop(1000);
});

async function createGenerations(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const imageUrl = await uploadImage(t.app, cookie, await productPhoto(300 + i * 20, 300));
    const res = await post(t.app, cookie, '/api/v1/upscaler', { imageUrl });
    expect(res.statusCode, res.body).toBe(202);
    ids.push(res.json<{ generationId: string }>().generationId);
  }
  return ids;
}

/** Queue jobs per generation and state, e.g. { created: 1, cancelled: 1 }. */
async function jobsOf(id: string): Promise<Record<string, number>> {
  const result = await t.database.db.execute<{ state: string; n: number }>(sql`
    select state::text, count(*)::int as n from pgboss.job
    where name = 'generation' and data->>'generationId' = ${id} group by state`);
  return Object.fromEntries(result.rows.map((r) => [r.state, r.n]));
}

/**
 * A worker that takes `ids.length` jobs, claims each generation's lease as the real runner does,
 * then stops: it never renews, never finishes and never completes its jobs (a SIGKILL, a frozen
 * host). Returns how to let the stuck handlers return at the end.
 */
async function workerThatStopsMidJob(ids: string[]) {
  const dead = await testQueue();
  let unfreeze: () => void = () => undefined;
  const frozen = new Promise<void>((resolve) => {
    unfreeze = resolve;
  });
  const claimed = new Set<string>();
  await dead.work(ids.length, async ({ generationId }) => {
    if (await repo.claim(t.database.db, generationId, `dead-${generationId}`, LEASE_MS)) {
      claimed.add(generationId);
    }
    await frozen;
  });
  const end = Date.now() + 20_000;
  while (claimed.size < ids.length && Date.now() < end) await sleep(20);
  expect([...claimed].sort()).toEqual([...ids].sort());
  let released: Promise<void> | undefined;
  releaseDeadWorker = () => {
    unfreeze();
    released ??= dead.stop(5000);
    return released;
  };
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  const pid = child.pid ?? 0;
  await once(child, 'exit');
  return pid;
}

describe('after a worker stops mid-job', () => {
  it('sends each abandoned generation again once, however many sweeps pass while it waits, and ends the dead jobs', async () => {
    const ids = await createGenerations(2);
    await workerThatStopsMidJob(ids);
    // Let the leases lapse (and the dead jobs age past a lease) before the sweeps.
    await sleep(LEASE_MS + 300);
    // Five sweeps with no worker taking jobs (the queue is busy elsewhere); two worker processes
    // sweep at once on the last ones.
    const results = [];
    for (let sweep = 0; sweep < 5; sweep++) {
      results.push(await redeliverAbandoned(t.database.db, queue, LEASE_MS));
      await sleep(LEASE_MS + 100);
    }
    const concurrent = await Promise.all([
      redeliverAbandoned(t.database.db, queue, LEASE_MS),
      redeliverAbandoned(t.database.db, queue, LEASE_MS),
    ]);
    for (const id of ids) {
      // One waiting re-send, the dead worker's job cancelled, nothing left active.
      expect(await jobsOf(id), id).toEqual({ created: 1, cancelled: 1 });
    }
    expect(results[0]).toEqual({ redelivered: 2, deadJobs: 2 });
    expect([...results.slice(1), ...concurrent]).toEqual(
      Array.from({ length: 6 }, () => ({ redelivered: 0, deadJobs: 0 })),
    );

    // A worker comes up: the waiting re-sends run once each and are settled once. The scratch
    // folders are in the real temp folder, where the worker looks (a dead pid's one, ours, and
    // another prefix).
    const tmp = os.tmpdir();
    const orphan = path.join(tmp, `studio-video-${hostTag()}-${String(await deadPid())}-aB3xYz`);
    const live = await makeEngineTempDir(tmp);
    const foreign = await fs.mkdtemp(path.join(tmp, 'studio-crash-keep-'));
    await fs.mkdir(orphan);
    await fs.writeFile(path.join(orphan, 'video.mp4'), 'half a video');
    try {
      const worker = await createTestApp({ env: LEASE_ENV, worker: true });
      const exists = (dir: string) =>
        fs.stat(dir).then(
          () => true,
          () => false,
        );
      // Only the dead process's scratch folder went; a live one's and other prefixes stay.
      expect(await exists(orphan)).toBe(false);
      expect(await exists(live)).toBe(true);
      expect(await exists(foreign)).toBe(true);
      for (const id of ids) {
        const done = await waitForGeneration(worker.app, cookie, id, 60_000);
        expect(done.status, done.error ?? '').toBe('succeeded');
      }
      for (const id of ids) expect(await jobsOf(id), id).toEqual({ completed: 1, cancelled: 1 });
      expect(await findBalanceMismatches(t.database.db)).toEqual([]);
      // The stuck handlers wake up late: completing their cancelled jobs changes nothing.
      await releaseDeadWorker();
      for (const id of ids) expect(await jobsOf(id), id).toEqual({ completed: 1, cancelled: 1 });
    } finally {
      for (const dir of [orphan, live, foreign]) await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
