// Soak and graceful shutdown under load (issue 19, "What to prove"): the users of the scale-out
// bench (bench/lib/user-mix.ts) against one server as `npm run serve` runs it (ROLE=all, embedded
// PostgreSQL in a temporary DATA_DIR, media on local disk) for N minutes, sampling the server's
// RSS every 10 s. Then, with the load still running, SIGTERM: every request sent before the
// signal must get an HTTP answer (none reset or refused), and every gallery load answered 200
// must be a stored page view (they are batched off the request path, ADR 040) once the server
// has stopped. The PostgreSQL data is read afterwards with the server gone.
//
// Usage: node --import tsx bench/soak.ts [minutes=10] [users=50]
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres';
import { LOAD_HEADER, loadRow, summarise } from './lib/load-client';
import {
  killAllChildren,
  rssMiB,
  spawnServer,
  stopServer,
  waitReady,
  type ServerProcess,
} from './lib/server-process';
import { latenciesByKind, statusCounts, UserMix, type Attempt } from './lib/user-mix';
import { printTable } from './report';

const numbers = process.argv.slice(2).filter((a) => /^\d+$/.test(a));
const MINUTES = Number(numbers[0] ?? 10);
const USERS = Number(numbers[1] ?? 50);
const DURATION_MS = MINUTES * 60_000;
/** RSS "after warm-up": minute 2 of 10 (a fifth of shorter runs). */
const WARM_MS = Math.min(120_000, DURATION_MS / 5);
const SAMPLE_MS = 10_000;
const ORIGIN = 'http://localhost:3000';
/** 4xx answers the mix provokes on purpose or may meet: out of credits, rate limits, a replayed Pay. */
const INTENDED_4XX = new Set(['402', '409', '429']);

const benchStart = performance.now();
const say = (line: string) => {
  console.log(`[${((performance.now() - benchStart) / 1000).toFixed(1)} s] ${line}`);
};

async function main(): Promise<{ code: number; line: string }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-soak-'));
  await fs.chmod(root, 0o755); // the embedded PostgreSQL may run as the `postgres` user
  const dataDir = path.join(root, 'data');
  const pgDir = path.join(dataDir, 'postgres');
  // The server stops its PostgreSQL; should the server be SIGKILLed, the bench stops it instead.
  const stopOrphanPostgres = () => {
    try {
      process.kill(Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]));
    } catch {
      // not running
    }
  };
  process.on('exit', stopOrphanPostgres);
  let server: ServerProcess | undefined;
  let mix: UserMix | undefined;
  try {
    const port = await freePort();
    server = spawnServer('server', {
      ROLE: 'all',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      LOG_LEVEL: 'warn',
      // High enough that the mix is never throttled: the soak is about memory and errors.
      RATE_LIMIT_MULTIPLIER: '1000',
    });
    await waitReady(server);
    const pid = server.pid;
    say(`server ready (pid ${String(pid)}, RSS ${rssMiB(pid).toFixed(0)} MiB)`);

    mix = new UserMix({
      apis: [`http://127.0.0.1:${String(port)}`],
      origin: ORIGIN,
      users: USERS,
      // Longer than the soak: the load is still running when the signal goes.
      durationMs: DURATION_MS + 120_000,
      runId: Date.now().toString(36),
      rampMs: 10_000,
      thinkMs: [400, 1600],
      generation: {
        everyMs: 240_000,
        max: Math.round(12 * MINUTES),
        maxVideos: Math.max(1, Math.round(MINUTES / 3)),
        quietLastMs: 0,
      },
      // One process: a refused connection means it is gone, there is no other to try.
      maxAttempts: 3,
      seed: 1019,
    });
    const running = mix.run();
    const loadStart = performance.now();
    const samples: { at: number; rss: number }[] = [];
    while (performance.now() - loadStart < DURATION_MS) {
      await sleep(Math.min(SAMPLE_MS, DURATION_MS - (performance.now() - loadStart)));
      const at = performance.now() - loadStart;
      samples.push({ at, rss: rssMiB(pid) });
      if (samples.length % 6 === 0) {
        const f = mix.figures;
        say(
          `minute ${(at / 60_000).toFixed(1)}: RSS ${rssMiB(pid).toFixed(0)} MiB, ${String(f.attempts.length)} requests, ${String(f.accepted.size)} generations`,
        );
      }
    }

    // SIGTERM under load: from this instant no request starts; those in flight must be answered.
    const signalAt = mix.freeze();
    server.child.kill('SIGTERM');
    const load = await running;
    const stopped = await stopServer(server, 'SIGTERM', 45_000);
    const shutdownMs = performance.now() - signalAt;
    say(
      `server exited ${String(stopped.code ?? stopped.signal)} ${(shutdownMs / 1000).toFixed(1)} s after SIGTERM${stopped.forced ? ' (forced)' : ''}`,
    );
    if (stopped.code !== 0) console.log(`server output (tail):\n${server.output().slice(-4000)}`);

    // Page views and generations, read from the stopped server's data.
    const postgres = await startEmbeddedPostgres({ dir: pgDir });
    let storedViews = 0;
    let openGenerations = 0;
    try {
      const db = new pg.Client({ connectionString: postgres.url });
      await db.connect();
      try {
        const count = async (text: string) =>
          Number((await db.query<{ n: string }>(text)).rows[0]?.n ?? 0);
        storedViews = await count("SELECT count(*) AS n FROM page_views WHERE page = 'gallery'");
        openGenerations = await count(
          "SELECT count(*) AS n FROM generations WHERE status IN ('queued', 'running')",
        );
      } finally {
        await db.end();
      }
    } finally {
      await postgres.stop();
    }

    const before = load.attempts.filter((a) => a.sent < signalAt);
    const inFlight = before.filter((a) => a.done >= signalAt);
    const reset = before.filter((a) => a.status === 0);
    return report({
      samples,
      soak: before,
      inFlight,
      reset,
      statuses: statusCounts(before),
      windowMs: signalAt - load.startedAt,
      sentViews: load.galleryViews,
      storedViews,
      openGenerations,
      generations: load.accepted.size,
      exitCode: stopped.code,
      forced: stopped.forced,
    });
  } finally {
    await mix?.close();
    if (server) await stopServer(server, 'SIGTERM', 20_000);
    stopOrphanPostgres();
    await fs.rm(root, { recursive: true, force: true });
  }
}

function report(r: {
  samples: { at: number; rss: number }[];
  soak: Attempt[];
  inFlight: Attempt[];
  reset: Attempt[];
  statuses: Record<string, number>;
  windowMs: number;
  sentViews: number;
  storedViews: number;
  openGenerations: number;
  generations: number;
  exitCode: number | null;
  forced: boolean;
}): { code: number; line: string } {
  const warm = r.samples.find((s) => s.at >= WARM_MS) ?? r.samples[0];
  const end = r.samples.at(-1);
  const growth = warm && end ? ((end.rss - warm.rss) / warm.rss) * 100 : NaN;
  const peak = Math.max(...r.samples.map((s) => s.rss));

  const rows = [LOAD_HEADER];
  const latencies = latenciesByKind(r.soak);
  for (const [kind, values] of Object.entries(latencies))
    rows.push(loadRow(kind, summarise(values, r.windowMs)));
  rows.push(loadRow('all', summarise(Object.values(latencies).flat(), r.windowMs)));
  console.log('');
  printTable(rows);
  console.log('');
  console.log(
    `RSS (MiB) every ${String(SAMPLE_MS / 1000)} s: ${r.samples.map((s) => s.rss.toFixed(0)).join(' ')}`,
  );
  const serverErrors = Object.entries(r.statuses)
    .filter(([s]) => s.startsWith('5'))
    .reduce((n, [, c]) => n + c, 0);
  const unintended = Object.entries(r.statuses)
    .filter(([s]) => s.startsWith('4') && !INTENDED_4XX.has(s))
    .reduce((n, [, c]) => n + c, 0);
  const answeredInFlight = r.inFlight.filter((a) => a.status !== 0).length;
  console.log(`statuses before SIGTERM: ${JSON.stringify(r.statuses)}`);
  console.log(
    `in flight at SIGTERM: ${String(r.inFlight.length)}, answered ${String(answeredInFlight)} (${JSON.stringify(statusCounts(r.inFlight))}); reset or refused before the signal: ${String(r.reset.length)}`,
  );
  console.log(
    `page views: ${String(r.sentViews)} gallery loads answered 200, ${String(r.storedViews)} stored; ${String(r.generations)} generations accepted, ${String(r.openGenerations)} handed back to the queue at shutdown`,
  );
  console.log(`server exit code ${String(r.exitCode)}${r.forced ? ' (forced)' : ''}`);
  console.log(
    `uptime: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (load 1/5/15 min)`,
  );

  const ok =
    growth < 10 &&
    serverErrors === 0 &&
    unintended === 0 &&
    r.reset.length === 0 &&
    answeredInFlight === r.inFlight.length &&
    r.storedViews === r.sentViews &&
    r.exitCode === 0 &&
    !r.forced;
  const line =
    `soak: ${String(MINUTES)} min, ${String(USERS)} users, RSS ${warm?.rss.toFixed(0) ?? '?'} MiB at ${((warm?.at ?? 0) / 60_000).toFixed(1)} min → ${end?.rss.toFixed(0) ?? '?'} MiB at the end (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %, peak ${peak.toFixed(0)}), ` +
    `5xx ${String(serverErrors)}, unintended 4xx ${String(unintended)}; SIGTERM: ${String(answeredInFlight)}/${String(r.inFlight.length)} in flight answered, ${String(r.reset.length)} reset, page views ${String(r.storedViews)}/${String(r.sentViews)} stored` +
    (ok ? '' : '; FAILED');
  return { code: ok ? 0 : 1, line };
}

let outcome = { code: 1, line: 'soak: FAILED before the checks (see above)' };
try {
  outcome = await main();
} catch (error) {
  console.error(error);
  killAllChildren();
}
console.log(outcome.line);
process.exit(outcome.code);
