// Queue pickup latency: enqueue (the enqueuing transaction's commit resolves) → the job handler
// starts, through the real job queue (pg-boss 10 + the LISTEN/NOTIFY wake-up of ADR 012) on a fresh
// embedded PostgreSQL. Paced: N jobs one at a time, ~20 ms apart, each in its own transaction, as
// generate requests arrive. Burst: 50 transactions committed at once (2 workers drain them, so the
// later ones wait behind the earlier ones; reported for information, not against the budget).
// Budget (ARCHITECTURE §8): pickup p50 ≤ 50 ms.
// Usage: node --import tsx bench/queue-pickup.ts [jobs=300] [spacingMs=20] [burst=50]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres';
import { createJobQueue } from '../apps/server/src/platform/queue/job-queue';
import { quantile } from './report';

const JOBS = Number(process.argv[2] ?? 300);
const SPACING_MS = Number(process.argv[3] ?? 20);
const BURST = Number(process.argv[4] ?? 50);
const WARMUP = 10;
const BUDGET_P50_MS = 50;

function summary(label: string, latencies: number[]): string[] {
  const s = latencies.slice().sort((a, b) => a - b);
  const cells = [0.5, 0.9, 0.99].map((q) => quantile(s, q)).concat(s.at(-1) ?? NaN);
  return [label, String(s.length), ...cells.map((ms) => ms.toFixed(1))];
}

function table(rows: string[][]): void {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  for (const row of rows)
    console.log(
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
        .join('  '),
    );
}

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-bench-queue-'));
await fs.chmod(root, 0o755); // the embedded server may run as the `postgres` user
const server = await startEmbeddedPostgres({ dir: path.join(root, 'pg'), database: 'bench' });
const database = createDatabase(server.url, { max: 10 });
try {
  await runMigrations(database.pool);
  const queue = await createJobQueue({
    pool: database.pool,
    supervise: true,
    expireInSeconds: 60,
    maintenanceIntervalSeconds: 20,
    retryLimit: 1,
    retryDelaySeconds: 2, // JOB_RETRY_DELAY_SECONDS default; no job fails here
  });

  const committedAt = new Map<string, number>();
  const startedAt = new Map<string, number>();
  await queue.work(2, async (job) => {
    startedAt.set(job.generationId, performance.now());
  });

  const enqueue = async (id: string) => {
    await database.db.transaction(async (tx) => {
      await queue.enqueueGeneration(tx, { generationId: id });
    });
    committedAt.set(id, performance.now());
  };
  const waitFor = async (ids: string[], timeoutMs: number) => {
    const deadline = performance.now() + timeoutMs;
    while (ids.some((id) => !startedAt.has(id)) && performance.now() < deadline) await sleep(10);
  };
  const latencies = (ids: string[]) =>
    ids.flatMap((id) => {
      const start = startedAt.get(id);
      const commit = committedAt.get(id);
      return start === undefined || commit === undefined ? [] : [start - commit];
    });

  // Warm-up: connections, prepared plans, pg-boss's first fetches.
  const warm = Array.from({ length: WARMUP }, (_, i) => `warm-${String(i)}`);
  for (const id of warm) {
    await enqueue(id);
    await sleep(SPACING_MS);
  }
  await waitFor(warm, 10_000);

  const paced = Array.from({ length: JOBS }, (_, i) => `bench-${String(i)}`);
  for (const id of paced) {
    await enqueue(id);
    await sleep(SPACING_MS);
  }
  await waitFor(paced, 15_000);

  await sleep(500);
  const burst = Array.from({ length: BURST }, (_, i) => `burst-${String(i)}`);
  const burstFrom = performance.now();
  await Promise.all(burst.map(enqueue));
  await waitFor(burst, 90_000);
  const drainedIn = Math.max(...burst.map((id) => startedAt.get(id) ?? NaN)) - burstFrom;

  const pacedMs = latencies(paced);
  const burstMs = latencies(burst);
  await queue.stop(5_000);

  console.log(
    `queue pickup latency, commit → handler start (ms); 2 workers, pg-boss 10 + LISTEN/NOTIFY wake-up\n`,
  );
  table([
    ['case', 'jobs', 'p50', 'p90', 'p99', 'max'],
    summary(`paced, one every ~${String(SPACING_MS)} ms`, pacedMs),
    summary(`burst of ${String(BURST)} at once`, burstMs),
  ]);
  if (burstMs.length === BURST)
    console.log(
      `\nburst: the last of ${String(BURST)} started ${(drainedIn / 1000).toFixed(1)} s after the enqueues began`,
    );
  else console.log(`\n${String(BURST - burstMs.length)} burst job(s) never started within 90 s`);
  const missing = paced.length - pacedMs.length;
  if (missing > 0) console.log(`${String(missing)} paced job(s) never started within 15 s`);
  const p50 = quantile(
    pacedMs.slice().sort((a, b) => a - b),
    0.5,
  );
  console.log(
    `\npaced p50 ${p50.toFixed(1)} ms of ${String(BUDGET_P50_MS)} ms budget — ${p50 <= BUDGET_P50_MS && missing === 0 ? 'within' : 'OVER'} budget`,
  );
  process.exitCode = p50 <= BUDGET_P50_MS && missing === 0 ? 0 : 1;
} finally {
  await database.close();
  await server.stop();
  await fs.rm(root, { recursive: true, force: true });
}
