// Scale-out under failure (issue 19, "What to prove"): one PostgreSQL server (the embedded
// package's binaries, run here as a standalone server), two ROLE=api and two ROLE=worker
// processes of the real server (main.ts), media in the local S3 emulator. 50 simulated users
// (bench/lib/user-mix.ts) for 2 minutes; meanwhile one worker and one API process are SIGKILLed
// and restarted, and PostgreSQL is stopped and started again on the same data. Then, once every
// generation has ended (bounded), the invariants: no accepted generation lost, none stuck, no
// charge or grant doubled, `credits:check` clean, no media row without its objects and no objects
// without their row; and throughput and p99 per call kind.
//
// Usage: npm run bench:scale  (node --import tsx bench/scale-out.ts [seconds=120] [users=50])
// The last line is the verdict; the exit code is non-zero when any check fails.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { GENERATION_TYPES } from '@studio/contract/tools';
import pg from 'pg';
import {
  freePort,
  startEmbeddedPostgres,
  type EmbeddedPostgresHandle,
} from '../apps/server/src/platform/embedded-postgres';
import { LOAD_HEADER, loadRow, summarise } from './lib/load-client';
import { S3_BUCKET, S3_CREDENTIALS, startS3Emulator, type S3Emulator } from './lib/s3-emulator';
import {
  killAllChildren,
  REPO_ROOT,
  spawnServer,
  stopServer,
  waitReady,
  type ServerProcess,
} from './lib/server-process';
import { latenciesByKind, statusCounts, UserMix, type MixResult } from './lib/user-mix';
import { MetricsScraper } from './lib/metrics-scraper';
import { printTable } from './report';

const numbers = process.argv.slice(2).filter((a) => /^\d+$/.test(a));
const SECONDS = Number(numbers[0] ?? 120);
const USERS = Number(numbers[1] ?? 50);
/** `--no-faults`: the same run without kills and restarts (to tell their effect from the load's). */
const FAULTS = !process.argv.includes('--no-faults');
/** The whole bench must end within 10 minutes; the drain gets what the rest leaves. */
const BUDGET_MS = 9.5 * 60_000;
const ORIGIN = 'http://localhost:3000';
const AUTH_SECRET = 'scale-out-secret-scale-out-secret-0123456';
/** The storage sweep's grace in this run: long enough for a write under this load, short enough to see it. */
const MEDIA_SWEEP_GRACE_SECONDS = 30;

const benchStart = performance.now();
const elapsed = () => ((performance.now() - benchStart) / 1000).toFixed(1);
const say = (line: string) => {
  console.log(`[${elapsed()} s] ${line}`);
};

interface Role {
  name: string;
  env: Record<string, string>;
  process: ServerProcess;
}

/** Object sets the workers' storage sweep removed during the run (from their logs, ADR 046). */
let sweptBySweep = 0;
function watched(server: ServerProcess): ServerProcess {
  if (server.child.stdout)
    readline.createInterface({ input: server.child.stdout }).on('line', (line) => {
      const swept = /"strayObjects":(\d+)/.exec(line)?.[1];
      if (swept) sweptBySweep += Number(swept);
    });
  return server;
}

async function main(): Promise<{ code: number; line: string }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-scale-'));
  // As root the embedded PostgreSQL runs as the `postgres` user, which must reach its data.
  await fs.chmod(root, 0o755);
  let s3: S3Emulator | undefined;
  let postgres: EmbeddedPostgresHandle | undefined;
  const roles: Role[] = [];
  let mix: UserMix | undefined;
  let scraper: MetricsScraper | undefined;
  try {
    await fs.rm(LOG_DIR, { recursive: true, force: true });
    s3 = await startS3Emulator(path.join(root, 's3'));
    await fs.mkdir(path.join(root, 's3'), { recursive: true });
    const pgDir = path.join(root, 'pg');
    const pgPort = await freePort();
    const startPostgres = () =>
      startEmbeddedPostgres({ dir: pgDir, port: pgPort, database: 'studio' });
    postgres = await startPostgres();
    say(`PostgreSQL on 127.0.0.1:${String(pgPort)}, S3 emulator at ${s3.endpoint}`);

    const common: Record<string, string> = {
      DATABASE_URL: postgres.url,
      AUTH_SECRET,
      // One origin for both API processes, as behind a load balancer; loopback keeps the sandbox on.
      PUBLIC_URL: ORIGIN,
      RATE_LIMIT_MULTIPLIER: '1000',
      S3_BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      GENERATION_PROVIDER: 'local',
      // A dead worker's work is noticed after its lease; shorter than the defaults (30 s, 30 s)
      // so a run this short also sees the recovery finish.
      GENERATION_LEASE_SECONDS: '10',
      SWEEP_INTERVAL_SECONDS: '5',
      // Objects a SIGKILL cut off from their row are swept after this (an hour by default).
      MEDIA_SWEEP_GRACE_SECONDS: String(MEDIA_SWEEP_GRACE_SECONDS),
    };
    const apiPorts = [await freePort(), await freePort()];
    for (const [i, port] of apiPorts.entries()) {
      const name = `api-${String(i + 1)}`;
      const env = {
        ...common,
        ROLE: 'api',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(root, name),
      };
      roles.push({ name, env, process: watched(spawnServer(name, env)) });
    }
    for (const i of [1, 2]) {
      const name = `worker-${String(i)}`;
      const env = {
        ...common,
        ROLE: 'worker',
        LOG_LEVEL: 'info',
        DATA_DIR: path.join(root, name),
        // Workers serve no HTTP: their /metrics is on a port of their own (ADR 062).
        METRICS_PORT: String(await freePort()),
      };
      roles.push({ name, env, process: watched(spawnServer(name, env)) });
    }
    await Promise.all(roles.map((r) => waitReady(r.process)));
    say('2 api + 2 workers ready');

    const apis = apiPorts.map((p) => `http://127.0.0.1:${String(p)}`);
    // Every process's /metrics every 2 s, as Prometheus would scrape them (issue 37); each round
    // also reads the queue's oldest ready job from the database itself, to compare.
    const queueAge = { metricsPeak: 0, benchPeak: 0, worstGap: 0, rounds: 0 };
    const ageDb = new pg.Pool({ connectionString: postgres.url, max: 1 });
    ageDb.on('error', () => undefined);
    scraper = new MetricsScraper(
      () =>
        roles.map((r) => ({
          name: r.name,
          url: r.env.METRICS_PORT
            ? `http://127.0.0.1:${r.env.METRICS_PORT}/metrics`
            : `http://127.0.0.1:${r.env.PORT ?? ''}/metrics`,
        })),
      2_000,
      async (round) => {
        const ages = [...round.values()].flatMap((e) =>
          e.samples
            .filter((x) => x.name === 'studio_queue_oldest_waiting_seconds')
            .filter((x) => x.labels.queue === 'generation')
            .map((x) => x.value),
        );
        const own = await ageDb
          .query<{ age: number }>(
            `SELECT coalesce(extract(epoch FROM now() - min(start_after)), 0)::float8 AS age
               FROM pgboss.job WHERE name = 'generation' AND state IN ('created', 'retry')
                AND start_after <= now()`,
          )
          .then((r) => r.rows[0]?.age ?? 0)
          .catch(() => undefined);
        if (ages.length === 0 || own === undefined) return;
        const fromMetrics = Math.max(...ages);
        queueAge.rounds++;
        queueAge.metricsPeak = Math.max(queueAge.metricsPeak, fromMetrics);
        queueAge.benchPeak = Math.max(queueAge.benchPeak, own);
        queueAge.worstGap = Math.max(queueAge.worstGap, Math.abs(fromMetrics - own));
      },
    );
    scraper.start();
    mix = new UserMix({
      apis,
      origin: ORIGIN,
      users: USERS,
      durationMs: SECONDS * 1000,
      runId: Date.now().toString(36),
      rampMs: 10_000,
      thinkMs: [400, 1600],
      generation: {
        everyMs: 60_000,
        // Every tool once (users 0–8 open with tool i), then a few of the tools that run no
        // segmentation model: on this shared 2-core machine the model runs one at a time per
        // process and takes 10–60 s under load, and everything must drain within the budget.
        max: 16,
        maxVideos: 1,
        quietLastMs: 40_000,
        repeatTools: ['upscaler', 'ai-designer'],
      },
      maxAttempts: 40,
      seed: 19,
    });
    const load = mix.run();

    // The faults, at fixed points of the run (scaled for shorter runs); a restart goes on in the
    // background while the next fault waits for its moment.
    const killedAt: number[] = [];
    const loadStart = performance.now();
    const until = (fraction: number) =>
      sleep(Math.max(0, loadStart + fraction * SECONDS * 1000 - performance.now()));
    const restart = async (role: Role) => {
      await keepLog(role.name, role.process);
      role.process = watched(spawnServer(role.name, role.env));
      await waitReady(role.process);
      say(`${role.name} back`);
    };
    const kill = async (name: string) => {
      const role = roles.find((r) => r.name === name);
      if (!role) throw new Error(`no ${name}`);
      // Its counters as last seen, a moment before it dies (Prometheus's last scrape of it).
      await scraper?.scrapeOne(name);
      killedAt.push(Date.now());
      role.process.child.kill('SIGKILL');
      await role.process.exited;
      say(`SIGKILL ${name}; restarting it`);
      return restart(role);
    };
    const faults = FAULTS
      ? (async () => {
          await until(0.25);
          const workerBack = kill('worker-1');
          await until(0.45);
          const apiBack = kill('api-2');
          await until(0.65);
          say('stopping PostgreSQL');
          await postgres.stop();
          postgres = await startPostgres();
          say('PostgreSQL started again on the same data directory');
          await Promise.all([workerBack, apiBack]);
        })()
      : Promise.resolve();
    const [result] = await Promise.all([load, faults]);
    say(
      `load done: ${String(result.attempts.length)} attempts, ${String(result.accepted.size)} generations accepted`,
    );

    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      const stuckIds = await drain(db, benchStart + BUDGET_MS - 45_000);
      // A process that died without being killed (killed ones were replaced) is a crash.
      const crashed = roles
        .filter((r) => r.process.child.exitCode !== null || r.process.child.signalCode !== null)
        .map((r) => r.name);
      if (crashed.length > 0) say(`crashed: ${crashed.join(', ')} (logs in ${LOG_DIR})`);
      await scraper.stop();
      await scraper.round(); // everything settled: the last scrape
      await ageDb.end().catch(() => undefined);
      const fromMetrics = await compareMetrics(db, scraper, queueAge);
      return await verdict(
        db,
        result,
        stuckIds,
        killedAt,
        s3,
        postgres.url,
        root,
        crashed,
        fromMetrics,
      );
    } finally {
      await db.end();
    }
  } finally {
    await scraper?.stop();
    await mix?.close();
    await Promise.all(roles.map((r) => stopServer(r.process, 'SIGTERM', 10_000)));
    await Promise.all(roles.map((r) => keepLog(r.name, r.process)));
    await postgres?.stop().catch(() => undefined);
    await s3?.stop().catch(() => undefined);
    await fs.rm(root, { recursive: true, force: true });
  }
}

/** Each process's last output, kept after the run for a look at what went wrong. */
const LOG_DIR = path.join(os.tmpdir(), 'studio-scale-out-logs');
async function keepLog(name: string, server: ServerProcess): Promise<void> {
  await fs.mkdir(LOG_DIR, { recursive: true });
  await fs.appendFile(
    path.join(LOG_DIR, `${name}.log`),
    `--- pid ${String(server.pid)}\n${server.output()}`,
  );
}

/** Waits until no generation is queued or running, or the deadline; answers those still open. */
async function drain(db: pg.Client, deadline: number): Promise<string[]> {
  let open: string[] = [];
  let said = 0;
  while (performance.now() < deadline) {
    const { rows } = await db.query<{ id: string }>(
      "SELECT id FROM generations WHERE status IN ('queued', 'running')",
    );
    open = rows.map((r) => r.id);
    if (open.length === 0) return [];
    if (performance.now() - said > 15_000) {
      say(`waiting for ${String(open.length)} generations to end`);
      said = performance.now();
    }
    await sleep(1_000);
  }
  return open;
}

/** Media rows and stored objects: rows missing any of their three objects, object sets without a row. */
async function storedMedia(db: pg.Client, s3: S3Emulator) {
  const objects = await s3.listObjects();
  const perId = new Map<string, number>();
  for (const { key } of objects) {
    const id = key.split('/')[0] ?? '';
    perId.set(id, (perId.get(id) ?? 0) + 1);
  }
  const { rows } = await db.query<{ id: string }>('SELECT id FROM media');
  const rowIds = new Set(rows.map((m) => m.id));
  return {
    rows: rows.length,
    objects: objects.length,
    incomplete: rows.filter((m) => (perId.get(m.id) ?? 0) < 3).length,
    withoutRow: [...perId.keys()].filter((id) => !rowIds.has(id)).length,
  };
}

async function countOf(db: pg.Client, text: string, values: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: string }>(text, values);
  return Number(rows[0]?.n ?? 0);
}

async function verdict(
  db: pg.Client,
  result: MixResult,
  stuckIds: string[],
  killedAt: number[],
  s3: S3Emulator,
  databaseUrl: string,
  root: string,
  crashed: string[],
  fromMetrics: { ok: boolean; text: string },
): Promise<{ code: number; line: string }> {
  const accepted = [...result.accepted.keys()];
  const lost =
    accepted.length -
    (await countOf(db, 'SELECT count(*) AS n FROM generations WHERE id = ANY($1)', [accepted]));
  const stuck = stuckIds.length;

  // Charges: one reserve and at most one capture or release per generation; an ended one settled.
  const doubledCharges = await countOf(
    db,
    `SELECT count(*) AS n FROM (
       SELECT reference_id FROM credit_entries WHERE reference_type = 'generation'
       GROUP BY reference_id
       HAVING count(*) FILTER (WHERE kind = 'reserve') > 1
           OR count(*) FILTER (WHERE kind IN ('capture', 'release')) > 1) d`,
  );
  const unsettled = await countOf(
    db,
    `SELECT count(*) AS n FROM generations g JOIN credit_reservations r ON r.id = g.id
     WHERE g.status IN ('succeeded', 'failed', 'canceled') AND r.status = 'held'`,
  );
  // Grants: a paid top-up once, anything else never; a plan's cycles once each.
  const orderGrants = await db.query<{ id: string; status: string; grants: string }>(
    `SELECT o.id, o.status, count(e.id) AS grants FROM orders o
     LEFT JOIN credit_entries e ON e.reference_type = 'order' AND e.reference_id = o.id::text
     WHERE o.service_type LIKE 'topup%' GROUP BY o.id, o.status`,
  );
  const doubledGrants =
    orderGrants.rows.filter((o) => Number(o.grants) > (o.status === 'completed' ? 1 : 0)).length +
    (await countOf(
      db,
      `SELECT count(*) AS n FROM subscriptions s WHERE s.cycles_granted <> (
         SELECT count(*) FROM credit_entries e
         WHERE e.reference_type = 'subscription' AND e.reference_id = s.id::text AND e.kind = 'grant')`,
    ));
  const missingGrants = orderGrants.rows.filter(
    (o) => o.status === 'completed' && Number(o.grants) === 0,
  ).length;
  // Payments the client completed as paid must be completed, and the others not.
  const { rows: orderRows } = await db.query<{ id: string; status: string }>(
    'SELECT id::text AS id, status FROM orders WHERE id::text = ANY($1)',
    [[...result.orders.keys()]],
  );
  const orderStatus = new Map(orderRows.map((o) => [o.id, o.status]));
  let wrongOrders = 0;
  for (const [id, order] of result.orders) {
    const want = order.outcome === 'paid' ? 'completed' : order.outcome;
    if (orderStatus.get(id) !== want) wrongOrders++;
  }
  const paidOrders = [...result.orders.values()].filter((o) => o.outcome === 'paid').length;

  // The operator's invariant check, as an operator runs it.
  const check = spawn('npm', ['run', '--silent', 'credits:check'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? root,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(root, 'cli'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let checkOutput = '';
  check.stdout.on('data', (c: Buffer) => (checkOutput += c.toString()));
  check.stderr.on('data', (c: Buffer) => (checkOutput += c.toString()));
  const [checkCode] = (await Promise.race([
    once(check, 'exit'),
    sleep(60_000).then(() => {
      check.kill('SIGKILL');
      return [-1];
    }),
  ])) as [number | null];
  const ledgerOk = checkCode === 0;
  say(`credits:check exit ${String(checkCode)}: ${checkOutput.trim().split('\n').at(-1) ?? ''}`);

  // Media: every row's three objects are stored, and every stored object has its row. The bytes
  // go first and the row after (a row never names missing bytes); a process SIGKILLed between the
  // two leaves bytes no row names, which the workers' storage sweep removes once the grace period
  // has passed (ADR 046). With the load over nothing is being written, so the run waits for the
  // sweep, bounded; any set still without a row then is an orphan.
  const kills = killedAt.length;
  const media = await storedMedia(db, s3);
  const strayAtEnd = media.withoutRow;
  const sweepDeadline = performance.now() + (MEDIA_SWEEP_GRACE_SECONDS + 30) * 1000;
  let settled = media;
  while (settled.withoutRow > 0 && performance.now() < sweepDeadline) {
    await sleep(2_000);
    settled = await storedMedia(db, s3);
  }
  const { incomplete, rows: mediaRowCount, objects: keyCount } = settled;
  const orphaned = settled.withoutRow;

  // Figures.
  const windowMs = result.endedAt - result.startedAt;
  const latencies = latenciesByKind(result.attempts);
  const rows = [LOAD_HEADER];
  for (const [kind, values] of Object.entries(latencies))
    rows.push(loadRow(kind, summarise(values, windowMs)));
  rows.push(loadRow('all', summarise(Object.values(latencies).flat(), windowMs)));
  console.log('');
  printTable(rows);
  console.log('');
  const byTool = new Map<string, Record<string, number>>();
  const { rows: outcomes } = await db.query<{ type: string; status: string; n: string }>(
    'SELECT type, status, count(*) AS n FROM generations GROUP BY type, status ORDER BY type',
  );
  for (const o of outcomes) {
    const entry = byTool.get(o.type) ?? {};
    entry[o.status] = Number(o.n);
    byTool.set(o.type, entry);
  }
  const toolRows = [['tool', 'succeeded', 'failed', 'canceled', 'queued', 'running']];
  for (const [tool, s] of byTool)
    toolRows.push([
      tool,
      ...['succeeded', 'failed', 'canceled', 'queued', 'running'].map((k) => String(s[k] ?? 0)),
    ]);
  printTable(toolRows);
  const toolsAccepted = new Set([...result.accepted.values()].map((a) => a.tool));
  const toolsMissing = GENERATION_TYPES.filter((t) => !toolsAccepted.has(t));
  console.log('');
  console.log(`statuses: ${JSON.stringify(statusCounts(result.attempts))}`);
  console.log(
    `retries: ${String(result.connectionErrors)} after connection errors, ${String(result.retried5xx)} after 5xx; gave up: ${JSON.stringify(result.gaveUp)}`,
  );
  console.log(
    `orders: ${String(result.orders.size)} completed by clients (${String(paidOrders)} paid), ${String(wrongOrders)} in the wrong state, ${String(missingGrants)} paid without a grant; gallery page views answered ${String(result.galleryViews)}`,
  );
  console.log(
    `media: ${String(mediaRowCount)} rows, ${String(keyCount)} objects, ${String(incomplete)} rows missing objects; object sets without a row: ${String(sweptBySweep)} removed by the storage sweep, ${String(strayAtEnd)} left when the load ended, ${String(orphaned)} at the end; unsettled reservations ${String(unsettled)}`,
  );
  if (toolsMissing.length > 0) console.log(`tools never accepted: ${toolsMissing.join(', ')}`);
  if (stuck > 0) {
    // What the rows and the queue say about them, for the diagnosis.
    const { rows: detail } = await db.query<Record<string, unknown>>(
      `SELECT g.id, g.type, g.status, g.attempts,
              round(extract(epoch FROM g.lease_until - now())) AS lease_left_s,
              round(extract(epoch FROM now() - g.started_at)) AS running_for_s,
              (SELECT json_agg(json_build_object('state', j.state, 'retry', j.retry_count,
                 'started_s_ago', round(extract(epoch FROM now() - j.started_on))))
               FROM pgboss.job j WHERE j.data->>'generationId' = g.id) AS jobs
       FROM generations g WHERE g.id = ANY($1) LIMIT 12`,
      [stuckIds],
    );
    for (const row of detail) console.log(`stuck: ${JSON.stringify(row)}`);
    const { rows: jobs } = await db.query<Record<string, unknown>>(
      'SELECT state, count(*) AS n FROM pgboss.job GROUP BY state',
    );
    console.log(`queue jobs: ${JSON.stringify(jobs)}`);
  }
  console.log(
    `uptime: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (load 1/5/15 min)`,
  );

  const doubled = doubledCharges + doubledGrants;
  const ok =
    lost === 0 &&
    doubled === 0 &&
    stuck === 0 &&
    ledgerOk &&
    unsettled === 0 &&
    wrongOrders === 0 &&
    missingGrants === 0 &&
    incomplete === 0 &&
    orphaned === 0 &&
    crashed.length === 0 &&
    toolsMissing.length === 0 &&
    fromMetrics.ok;
  const ledger = ledgerOk && unsettled === 0 && missingGrants === 0 && wrongOrders === 0;
  const line =
    `scale-out: 2 api + 2 workers, ${String(accepted.length)} generations, ${String(kills)} kills, lost ${String(lost)}, doubled ${String(doubled)}, stuck ${String(stuck)}, ledger ${ledger ? 'ok' : 'NOT ok'}, ${fromMetrics.text}` +
    (ok
      ? ''
      : `; FAILED (unsettled ${String(unsettled)}, orders wrong ${String(wrongOrders)}, media incomplete ${String(incomplete)}, orphaned ${String(orphaned)}, crashed ${String(crashed.length)}, tools missing ${String(toolsMissing.length)})`);
  return { code: ok ? 0 : 1, line };
}

/**
 * The generations by outcome and the queue's oldest age as the metrics alone tell them (every
 * process's counters summed over its incarnations), beside the database's own counts at the end
 * and the bench's own reading of the queue at each scrape (issue 37). They must agree: the counts
 * exactly, the queue's age within a scrape interval and a second.
 */
async function compareMetrics(
  db: pg.Client,
  scraper: MetricsScraper,
  queueAge: { metricsPeak: number; benchPeak: number; worstGap: number; rounds: number },
): Promise<{ ok: boolean; text: string }> {
  const m = scraper.summary();
  const { rows } = await db.query<{
    succeeded: string;
    failed: string;
    canceled: string;
    started: string;
    refunded: string;
  }>(
    `SELECT count(*) FILTER (WHERE status = 'succeeded') AS succeeded,
            count(*) FILTER (WHERE status = 'failed') AS failed,
            count(*) FILTER (WHERE status = 'canceled') AS canceled,
            count(*) FILTER (WHERE started_at IS NOT NULL) AS started,
            count(*) FILTER (WHERE status IN ('failed', 'canceled') AND credits > 0) AS refunded
       FROM generations`,
  );
  const own = rows[0];
  const pairs: [string, number, number][] = [
    ['started', m.sum('studio_generations_started_total'), Number(own?.started)],
    ...(['succeeded', 'failed', 'canceled'] as const).map((outcome): [string, number, number] => [
      outcome,
      m.sum('studio_generations_finished_total', { outcome }),
      Number(own?.[outcome]),
    ]),
    ['refunded', m.sum('studio_generations_refunded_total'), Number(own?.refunded)],
  ];
  const countsAgree = pairs.every(([, metrics, bench]) => metrics === bench);
  const lastAge = m.last('studio_queue_oldest_waiting_seconds', { queue: 'generation' });
  const ageAgrees = queueAge.rounds > 0 && queueAge.worstGap <= 3 && lastAge === 0;
  const byOutcome = (pick: (p: [string, number, number]) => number) =>
    pairs.map((p) => `${p[0]} ${String(pick(p))}`).join(', ');
  console.log('');
  console.log(
    `metrics: ${String(m.scrapes)} scrapes of ${String(m.incarnations)} process incarnations ` +
      `(${String(m.failures)} unanswered: kills, restarts, PostgreSQL away)`,
  );
  console.log(`  generations from /metrics:      ${byOutcome((p) => p[1])}`);
  console.log(`  generations from the database:  ${byOutcome((p) => p[2])}`);
  console.log(
    `  queue's oldest ready job: peak ${queueAge.metricsPeak.toFixed(1)} s from /metrics, ` +
      `${queueAge.benchPeak.toFixed(1)} s read by the bench, largest gap in one scrape ` +
      `${queueAge.worstGap.toFixed(1)} s over ${String(queueAge.rounds)} rounds; at the end ${lastAge.toFixed(1)} s`,
  );
  const text =
    `metrics ${countsAgree && ageAgrees ? 'agree' : 'DISAGREE'} ` +
    `(${pairs.map((p) => `${p[0]} ${String(p[1])}`).join(', ')}; queue oldest peak ${queueAge.metricsPeak.toFixed(0)} s)`;
  return { ok: countsAgree && ageAgrees, text };
}

let outcome = { code: 1, line: 'scale-out: FAILED before the checks (see above)' };
try {
  outcome = await main();
} catch (error) {
  console.error(error);
  killAllChildren();
}
// Cleanup is done; the verdict is the last line.
say(`finished in ${elapsed()} s`);
console.log(outcome.line);
process.exit(outcome.code);
