// Gallery API under load: the real app (buildApp, no worker) listening on loopback over a fresh
// embedded PostgreSQL, and POST /api/v1/gallery/past-generations driven over HTTP by 50 connections
// (closed loop) from a separate load-client process (bench/lib/load-client.ts). Three runs, in
// this order, in one process on one database pool:
//  1. the floor: a bare Fastify route on the same pool doing only the keyset query of a first
//     page (no session, no hooks, no schema), so the app's figures can be read against it;
//  2. one user with 100 000 succeeded generations; mix per 10 requests: 6× page 1, 1× page 4000,
//     1× the last page, 1× type fashion_extractor, 1× search "silk" (all limit 12);
//  3. 1 000 users with 100 generations each, every request from the next user (the same mix over
//     their 9 pages), so no per-user cache in the process is warm.
// Then the exact SQL each kind runs (captured from the gallery service at the pool) is
// timed alone on the idle server, and a search for a word no card has; --plans also prints its
// EXPLAIN (ANALYZE, BUFFERS), and for a named statement the generic plan PostgreSQL may switch to.
// --env=NAME=VALUE (repeatable) passes a setting to the app, e.g. --env=SESSION_CACHE_SECONDS=0.
// Budget (ARCHITECTURE §8): each case ≥ 75 % of the floor's throughput and p99 ≤ 1.5× the floor's,
// in the same run; the load average is printed at the start and the end.
// The last two lines are the floor and the app (run 2): `gallery-api all: R req/s, p50 X ms, p99 Y ms`.
// --metrics-overhead: then the one-user mix again on the same database, alternately against two
// apps built alike for it, one with its Prometheus metrics (/metrics scraped every second) and one
// with `metrics: false`, four times in the order with, without, without, with; prints both and the
// cost (ADR 062, budget ≤ 2 %).
// Usage: node --import tsx bench/gallery-api.ts [seconds=20] [connections=50] [--plans] [--env=K=V]
//        [--metrics-overhead]
import Fastify from 'fastify';
import type { Database } from '../apps/server/src/db/client';
import { printTable, quantile, load } from './report';
import {
  allLatencies,
  LOAD_HEADER,
  loadRow,
  non200,
  runLoad,
  summarise,
  benchArgs,
  type LoadRequest,
  type LoadResult,
  type Summary,
} from './lib/load-client';

const ROWS = 100_000;
const USERS = 1_000;
const ROWS_PER_USER = 100;
const LIMIT = 12;
/** ARCHITECTURE §8: against the floor measured in the same run, so a busy machine moves both. */
const FLOOR_SHARE = 0.75;
const FLOOR_P99_RATIO = 1.5;
const ORIGIN = 'http://localhost:3000';
const LAST_PAGE = Math.ceil(ROWS / LIMIT);
const USER_LAST_PAGE = Math.ceil(ROWS_PER_USER / LIMIT);
const WARMUP_MS = 3_000;
const PATH = '/api/v1/gallery/past-generations';

interface Kind {
  name: string;
  weight: number;
  body: { page: number; limit: number; type: string; search?: string; after?: string };
}

const kindsFor = (lastPage: number, deepPage: number): Kind[] => [
  { name: 'page 1', weight: 6, body: { page: 1, limit: LIMIT, type: 'all' } },
  {
    name: `page ${String(deepPage)}`,
    weight: 1,
    body: { page: deepPage, limit: LIMIT, type: 'all' },
  },
  {
    name: `last page (${String(lastPage)})`,
    weight: 1,
    body: { page: lastPage, limit: LIMIT, type: 'all' },
  },
  {
    name: 'type fashion_extractor',
    weight: 1,
    body: { page: 1, limit: LIMIT, type: 'fashion_extractor' },
  },
  {
    name: 'search "silk"',
    weight: 1,
    body: { page: 1, limit: LIMIT, type: 'all', search: 'silk' },
  },
];
const KINDS = kindsFor(LAST_PAGE, 4000);
const USER_KINDS = kindsFor(USER_LAST_PAGE, 4);

const schedule = (kinds: Kind[]) => kinds.flatMap((k) => Array.from({ length: k.weight }, () => k));

function appRequests(kinds: Kind[], users: { id: string; cookie: string }[]): LoadRequest[] {
  const mix = schedule(kinds);
  // Round r sends user u the mix's kind r + u: consecutive requests come from different users,
  // and each user still gets the whole mix.
  return Array.from({ length: Math.max(users.length, 1) * mix.length }, (_, i) => {
    const user = users[i % users.length];
    const kind = mix[(Math.floor(i / users.length) + (i % users.length)) % mix.length];
    if (!user || !kind) throw new Error('empty schedule');
    return {
      kind: kind.name,
      method: 'POST' as const,
      path: PATH,
      headers: { 'content-type': 'application/json', cookie: user.cookie, origin: ORIGIN },
      body: JSON.stringify({ userId: user.id, ...kind.body }),
    };
  });
}

const line = (label: string, s: Summary) =>
  `gallery-api ${label}: ${s.rps.toFixed(0)} req/s, p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms`;

function report(title: string, kinds: Kind[], result: LoadResult): Summary {
  console.log(`\n${title}\n`);
  const all = summarise(allLatencies(result), result.elapsedMs);
  printTable([
    LOAD_HEADER,
    ...kinds.map((k) =>
      loadRow(k.name, summarise(result.latencies[k.name] ?? [], result.elapsedMs)),
    ),
    loadRow('all', all),
  ]);
  console.log(`non-200 responses: ${non200(result).text}`);
  return all;
}

async function main(): Promise<void> {
  const startLoad = load();
  const { seconds, connections, env } = benchArgs(process.argv.slice(2), {
    seconds: 20,
    connections: 50,
  });
  const showPlans = process.argv.includes('--plans');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const schema = await import('../apps/server/src/db/schema');
  const { pastGenerations } = await import('../apps/server/src/modules/gallery/gallery.service');
  const { startBenchApp } = await import('./lib/bench-app');
  const { createUsers, matchesRealCookie } = await import('./lib/bulk-users');

  const bench = await startBenchApp('gallery', { env });
  const { address, database } = bench;
  const floorApp = Fastify({ logger: false });
  try {
    const account = await bench.signUp('bench@example.com');
    if (!matchesRealCookie(account.cookie)) throw new Error('bulk-users cookie recipe is stale');
    const user = { id: account.id };
    const many = await createUsers(database, USERS, 'bench_user');

    // 100 000 succeeded generations for the one user over the past year, types cycling, prompts
    // from word lists (every 8th has "silk"), one image each; then 100 for each of the 1 000.
    const seeded = performance.now();
    const seed = (idPrefix: string, userExpr: string, rows: number, params: unknown[]) =>
      database.pool.query(
        `INSERT INTO generations
           (id, user_id, type, status, prompt, credits, image_urls, thumbnail_url, created_at, finished_at)
         SELECT ${idPrefix} || i, ${userExpr},
           (ARRAY['photoshoot','try-on','realistic-try-on','ai-designer','ai-poses','fashion-extractor',
                  'video-generation','upscaler','background-removal'])[1 + i % 9],
           'succeeded',
           (ARRAY['red','navy','ivory','olive','black','blush','mustard'])[1 + i % 7] || ' ' ||
           (ARRAY['silk','denim','linen','wool','leather','cotton','satin','velvet'])[1 + (i / 7) % 8] || ' ' ||
           (ARRAY['dress','jacket','shirt','skirt','coat','scarf','trousers','blouse','gown','top','suit'])[1 + i % 11] ||
           ' on a model, ' ||
           (ARRAY['studio light','street scene','beach at sunset','minimal backdrop','garden'])[1 + i % 5],
           1,
           jsonb_build_array('/api/v1/media/img_' || i),
           '/api/v1/media/thumb_' || i,
           now() - (${String(rows)} - i) * interval '315 seconds',
           now() - (${String(rows)} - i) * interval '315 seconds' + interval '8 seconds'
         FROM generate_series(1, ${String(rows)}) AS i`,
        params,
      );
    await seed(`'gen_'`, '$1', ROWS, [user.id]);
    // User k's generations are rows k*100 … k*100+99 of one series (ids gen_u…, user bench_user_k).
    await seed(
      `'gen_u'`,
      `'bench_user_' || ((i - 1) / ${String(ROWS_PER_USER)})`,
      USERS * ROWS_PER_USER,
      [],
    );
    // ANALYZE for planner statistics; VACUUM sets the visibility map as autovacuum would on a
    // long-lived table (index-only scans otherwise visit the heap for every row of a bulk insert).
    await database.pool.query('VACUUM (ANALYZE) generations');
    await database.pool.query('VACUUM (ANALYZE) gallery_counts');
    const seedMs = performance.now() - seeded;

    // The floor: only the keyset query of a first page, on the app's own pool.
    floorApp.post<{ Body: { userId: string } }>('/floor', async (request) => {
      const { rows } = await database.pool.query<Record<string, unknown>>(
        `SELECT * FROM generations WHERE user_id = $1 AND status = 'succeeded'
         ORDER BY created_at DESC, id DESC LIMIT ${String(LIMIT)}`,
        [request.body.userId],
      );
      return rows;
    });
    const floorAddress = await floorApp.listen({ port: 0, host: '127.0.0.1' });

    const job = { connections, warmupMs: WARMUP_MS, durationMs: seconds * 1000 };
    console.log(
      `gallery API, POST ${PATH}: ${String(ROWS)} generations for one user and ` +
        `${String(ROWS_PER_USER)} for each of ${String(USERS)} more (seeded in ` +
        `${(seedMs / 1000).toFixed(1)} s), ${String(connections)} connections, ${String(seconds)} s ` +
        `per run after a ${String(WARMUP_MS / 1000)} s warm-up` +
        (Object.keys(env).length ? `, app settings ${JSON.stringify(env)}` : ''),
    );
    const floorResult = await runLoad({
      ...job,
      url: floorAddress,
      requests: [
        {
          kind: 'floor',
          method: 'POST',
          path: '/floor',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId: user.id }),
        },
      ],
    });
    const floor = report(
      "floor: bare Fastify, the first page's keyset query only",
      [],
      floorResult,
    );
    const oneUser = report(
      `the app, one user with ${String(ROWS)} generations`,
      KINDS,
      await runLoad({ ...job, url: address, requests: appRequests(KINDS, [account]) }),
    );
    const manyResult = await runLoad({
      ...job,
      url: address,
      requests: appRequests(USER_KINDS, many),
    });
    const manyUsers = report(
      `the app, ${String(USERS)} users with ${String(ROWS_PER_USER)} generations each`,
      USER_KINDS,
      manyResult,
    );

    // The exact SQL of each kind, captured from the gallery service at the pool: its hottest
    // statements go to node-postgres directly, past Drizzle's logger.
    const captured: { text: string; params: unknown[]; named: boolean }[] = [];
    const query = database.pool.query.bind(database.pool) as (...args: unknown[]) => unknown;
    const tracingPool = new Proxy(database.pool, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
        return (config: unknown, values?: unknown[]) => {
          const named = typeof config === 'object' && config !== null;
          const {
            text,
            values: own,
            name,
          } = (named ? config : { text: config }) as {
            text: string;
            values?: unknown[];
            name?: string;
          };
          captured.push({ text, params: own ?? values ?? [], named: name !== undefined });
          return query(config, values);
        };
      },
    });
    const traced = drizzle(tracingPool, { schema, casing: 'snake_case' });
    console.log(
      '\nthe statements each request runs, alone on the idle server (median of 5, ms; captured\n' +
        'from the service’s second call, so with the caches the load kept warm)\n',
    );
    const planRows: string[][] = [['kind', 'statement 1', 'statement 2']];
    const plans: string[] = [];
    const views = { record: () => undefined, flush: async () => {}, close: async () => {} };
    // Page 4000 reached from page 3999 by keyset: `after` is page 3999's last card.
    const deep = KINDS[1];
    if (!deep) throw new Error('no deep page kind');
    const next: Kind = {
      name: 'page 4000 after 3999',
      weight: 0,
      body: { ...deep.body, after: `gen_${String(ROWS - 3999 * LIMIT + 1)}` },
    };
    // A word no card has: a search whose best plan differs from a common word's.
    const rare: Kind = {
      name: 'search "zzqx"',
      weight: 0,
      body: { page: 1, limit: LIMIT, type: 'all', search: 'zzqx' },
    };
    for (const kind of [...KINDS, next, rare]) {
      await pastGenerations(traced, views, user.id, kind.body);
      captured.length = 0;
      await pastGenerations(traced, views, user.id, kind.body);
      const cells = [kind.name];
      for (const [i, query] of captured.entries()) {
        const ms: number[] = [];
        for (let run = 0; run < 6; run++) {
          const started = performance.now();
          await database.pool.query(query.text, query.params);
          if (run > 0) ms.push(performance.now() - started); // the first run is a warm-up
        }
        cells.push(
          quantile(
            ms.sort((a, b) => a - b),
            0.5,
          ).toFixed(2),
        );
        if (showPlans) {
          const { rows } = await database.pool.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS) ${query.text}`,
            query.params,
          );
          plans.push(
            `-- ${kind.name}: statement ${String(i + 1)}\n${query.text}\n` +
              `-- params ${JSON.stringify(query.params)}\n` +
              rows.map((r) => r['QUERY PLAN']).join('\n'),
          );
          // A named statement may run on one generic plan, made without its values: that plan too.
          if (query.named) plans.push(`-- generic plan\n${await genericPlan(database, query)}`);
        }
      }
      planRows.push(cells);
    }
    printTable(planRows);
    if (showPlans) console.log(`\n${plans.join('\n\n')}`);

    const ok = (s: Summary) =>
      s.rps >= FLOOR_SHARE * floor.rps && s.p99 <= FLOOR_P99_RATIO * floor.p99;
    const judged = (label: string, s: Summary) =>
      `${label}: ${s.rps.toFixed(0)} req/s = ${((s.rps / floor.rps) * 100).toFixed(0)} % of the ` +
      `floor's (≥ ${String(FLOOR_SHARE * 100)} %), p99 ${s.p99.toFixed(1)} ms = ` +
      `${(s.p99 / floor.p99).toFixed(2)}× the floor's (≤ ${String(FLOOR_P99_RATIO)}×): ` +
      (ok(s) ? 'within' : 'OVER');
    console.log(`\n${judged('one user', oneUser)}\n${judged(`${String(USERS)} users`, manyUsers)}`);
    console.log(`load average at the start ${startLoad}, at the end ${load()}\n`);
    console.log(line(`${String(USERS)} users`, manyUsers));
    console.log(line('floor', floor));
    console.log(line('all', oneUser));
    process.exitCode = ok(oneUser) && ok(manyUsers) ? 0 : 1;
    if (process.argv.includes('--metrics-overhead')) {
      await metricsOverhead(database, env, {
        ...job,
        requests: appRequests(KINDS, [account]),
      });
    }
  } finally {
    await floorApp.close();
    await bench.close();
  }
}

/**
 * The plan PostgreSQL makes for a prepared statement without its values (what a named statement
 * may run on after five executions), run with them: `force_generic_plan` on a client of its own.
 */
async function genericPlan(
  database: Database,
  query: { text: string; params: unknown[] },
): Promise<string> {
  const client = await database.pool.connect();
  /** A statement's value written into EXECUTE's argument list. */
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number') return String(value);
    if (typeof value === 'string') return client.escapeLiteral(value);
    if (!Array.isArray(value)) return client.escapeLiteral(JSON.stringify(value));
    return value.length === 0 ? `'{}'` : `ARRAY[${value.map(literal).join(', ')}]`;
  };
  try {
    await client.query('SET plan_cache_mode = force_generic_plan');
    await client.query(`PREPARE generic_check AS ${query.text}`);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) EXECUTE generic_check(${query.params.map(literal).join(', ')})`,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    // Only its own: the pool's named statements stay prepared on this connection.
    await client.query('DEALLOCATE generic_check; RESET plan_cache_mode');
    client.release();
  }
}

/**
 * The cost of the metrics (ADR 062): the same load against two apps built alike on the same
 * database, one with metrics (scraped every second while it runs, far more often than Prometheus
 * would) and one with `metrics: false`, alternated so that a drift of the machine falls on both.
 * Fresh twins, not the app of the runs above: that one has served 1 000 users' sessions and pages.
 */
async function metricsOverhead(
  database: Database,
  env: Record<string, string>,
  job: Omit<Parameters<typeof runLoad>[0], 'url'>,
): Promise<void> {
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config/env');
  const { BENCH_AUTH_SECRET } = await import('./lib/bench-app');
  const twin = (metrics: false | ReturnType<typeof createMetrics>) =>
    buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: '3000',
        DATA_DIR: '/nonexistent',
        RATE_LIMIT_MULTIPLIER: '1000',
        ...env,
      }),
      database,
      authSecret: BENCH_AUTH_SECRET,
      mailer: { send: async () => undefined },
      worker: false,
      logger: false,
      metrics,
    });
  const { createMetrics } = await import('../apps/server/src/platform/metrics/metrics');
  const metrics = createMetrics();
  const measured = await twin(metrics);
  const bare = await twin(false);
  try {
    const withMetrics = await measured.listen({ port: 0, host: '127.0.0.1' });
    const withoutMetrics = await bare.listen({ port: 0, host: '127.0.0.1' });
    let scrapes = 0;
    let scrapeMs = 0;
    const scrapeWhile = async (done: { stop: boolean }) => {
      while (!done.stop) {
        const started = performance.now();
        const res = await fetch(`${withMetrics}/metrics`);
        await res.text();
        if (res.status !== 200) throw new Error(`/metrics answered ${String(res.status)}`);
        scrapes++;
        scrapeMs += performance.now() - started;
        await new Promise((r) => setTimeout(r, 1_000));
      }
    };
    const runs: Record<'with' | 'without', Summary[]> = { with: [], without: [] };
    // Four times with, without, without, with: on a shared machine the load of others drifts, and
    // each pair of neighbours sees nearly the same drift.
    const order = Array.from(
      { length: 4 },
      () => ['with', 'without', 'without', 'with'] as const,
    ).flat();
    for (const which of order) {
      const done = { stop: false };
      const scraping = which === 'with' ? scrapeWhile(done) : Promise.resolve();
      const result = await runLoad({
        ...job,
        url: which === 'with' ? withMetrics : withoutMetrics,
      });
      done.stop = true;
      await scraping;
      runs[which].push(summarise(allLatencies(result), result.elapsedMs));
      console.log(`  ${which} metrics: ${line('all', runs[which].at(-1) as Summary)}`);
    }
    const mean = (list: Summary[], key: 'rps' | 'p50' | 'p99') =>
      list.reduce((sum, s) => sum + s[key], 0) / list.length;
    const cost = 1 - mean(runs.with, 'rps') / mean(runs.without, 'rps');
    // Each with-run against its neighbouring without-run (ABBA: run 0 with 1, 3 with 2, …).
    const pairCosts = runs.with.map((w, i) => 1 - w.rps / (runs.without[i]?.rps ?? w.rps));
    const median = [...pairCosts].sort((a, b) => a - b)[Math.floor(pairCosts.length / 2)] ?? 0;
    // The work the metrics add, timed alone: the HTTP hook's observation per request, and the CPU
    // of one scrape of the measured app (its database reads included) on the now idle process.
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < 20; i++) await metrics.scrape();
    const cpuUsed = process.cpuUsage(cpuBefore);
    const scrapeCpuMs = (cpuUsed.user + cpuUsed.system) / 20 / 1000;
    const probe = createMetrics({ defaultMetrics: false });
    const calls = 1_000_000;
    const hookStart = performance.now();
    for (let i = 0; i < calls; i++) {
      probe.observeHttp('POST', '/api/v1/gallery/past-generations', 200, i % 50);
    }
    const hookNs = ((performance.now() - hookStart) * 1e6) / calls;
    const perRequestUs = 1e6 / mean(runs.without, 'rps'); // wall time per request per connection-slot
    console.log(
      `pair by pair (with vs its neighbouring without): ${pairCosts.map((c) => `${(c * 100).toFixed(1)} %`).join(', ')}; median ${(median * 100).toFixed(1)} %`,
    );
    console.log(
      `one scrape: ${scrapeCpuMs.toFixed(1)} ms of CPU (${((scrapeCpuMs / 15_000) * 100).toFixed(3)} % of a core at Prometheus's usual 15 s, ${((scrapeCpuMs / 1_000) * 100).toFixed(2)} % at this run's 1 s)`,
    );
    console.log(
      `the HTTP hook alone: ${hookNs.toFixed(0)} ns a request, ${((hookNs / 1000 / perRequestUs) * 100).toFixed(3)} % of the ${perRequestUs.toFixed(0)} µs of server time each request takes at this throughput`,
    );
    console.log(
      `
metrics overhead (one user, ${String(job.connections)} connections; /metrics scraped ` +
        `${String(scrapes)} times, ${(scrapeMs / Math.max(scrapes, 1)).toFixed(1)} ms each): ` +
        `with ${mean(runs.with, 'rps').toFixed(0)} req/s (p99 ${mean(runs.with, 'p99').toFixed(1)} ms), ` +
        `without ${mean(runs.without, 'rps').toFixed(0)} req/s (p99 ${mean(runs.without, 'p99').toFixed(1)} ms): ` +
        `throughput cost ${(cost * 100).toFixed(1)} % (budget ≤ 2 %: ${cost <= 0.02 ? 'within' : 'OVER'}; ` +
        `pairs spread ${(Math.min(...pairCosts) * 100).toFixed(0)} to ${(Math.max(...pairCosts) * 100).toFixed(0)} %, median ${(median * 100).toFixed(1)} %)`,
    );
  } finally {
    await measured.close();
    await bare.close();
  }
}

await main();
