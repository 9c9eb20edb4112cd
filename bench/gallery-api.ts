// Gallery API under load: the real app (buildApp, no worker) listening on loopback over a fresh
// embedded PostgreSQL, one user with 100 000 succeeded generations, and POST
// /api/v1/gallery/past-generations driven over HTTP by 50 connections (closed loop: each connection
// sends its next request when the last answer is read) from a separate client process, so the load
// generator does not share the server's event loop. Mix per 10 requests: 6× page 1, 1× page 4000,
// 1× the last page, 1× type fashion_extractor, 1× search "silk" (all limit 12). Then the exact SQL
// each kind runs (captured from the repository through a Drizzle logger) is timed alone on the idle
// server; --plans also prints its EXPLAIN (ANALYZE, BUFFERS).
// Budget (ARCHITECTURE §8): p99 ≤ 50 ms at 50 connections with 100k generations for one user.
// Usage: node --import tsx bench/gallery-api.ts [seconds=20] [connections=50] [--plans]
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { printTable, quantile } from './report';

const ROWS = 100_000;
const LIMIT = 12;
const BUDGET_P99_MS = 50;
const ORIGIN = 'http://localhost:3000';
const LAST_PAGE = Math.ceil(ROWS / LIMIT);

interface Kind {
  name: string;
  weight: number;
  body: { page: number; limit: number; type: string; search?: string };
}

const KINDS: Kind[] = [
  { name: 'page 1', weight: 6, body: { page: 1, limit: LIMIT, type: 'all' } },
  { name: 'page 4000', weight: 1, body: { page: 4000, limit: LIMIT, type: 'all' } },
  {
    name: `last page (${String(LAST_PAGE)})`,
    weight: 1,
    body: { page: LAST_PAGE, limit: LIMIT, type: 'all' },
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

interface ClientJob {
  url: string;
  cookie: string;
  userId: string;
  connections: number;
  warmupMs: number;
  durationMs: number;
}

interface ClientResult {
  /** Latencies in ms per kind name, measured requests only. */
  latencies: Record<string, number[]>;
  statuses: Record<string, number>;
  elapsedMs: number;
}

// --- Load generator (child process) --------------------------------------------------------------

async function runClient(job: ClientJob): Promise<ClientResult> {
  const pool = new Pool(job.url, { connections: job.connections, pipelining: 1 });
  const schedule = KINDS.flatMap((kind) => Array.from({ length: kind.weight }, () => kind));
  const bodies = schedule.map((kind) => JSON.stringify({ userId: job.userId, ...kind.body }));
  const headers = {
    'content-type': 'application/json',
    cookie: job.cookie,
    origin: ORIGIN,
  };
  const latencies: Record<string, number[]> = Object.fromEntries(KINDS.map((k) => [k.name, []]));
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const measureFrom = started + job.warmupMs;
  const end = measureFrom + job.durationMs;
  let next = 0;

  const connection = async () => {
    while (performance.now() < end) {
      const i = next++ % schedule.length;
      const kind = schedule[i];
      const body = bodies[i];
      if (!kind || body === undefined) break;
      const sent = performance.now();
      let status = 'error';
      try {
        const res = await pool.request({
          path: '/api/v1/gallery/past-generations',
          method: 'POST',
          headers,
          body,
        });
        await res.body.text();
        status = String(res.statusCode);
      } catch (error) {
        status = `error ${error instanceof Error ? error.message : String(error)}`;
      }
      const done = performance.now();
      if (sent >= measureFrom && done <= end) {
        latencies[kind.name]?.push(done - sent);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: job.connections }, connection));
  await pool.close();
  return { latencies, statuses, elapsedMs: job.durationMs };
}

if (process.argv[2] === '--client') {
  const [job] = (await once(process, 'message')) as [ClientJob];
  const result = await runClient(job);
  process.send?.(result, () => {
    process.disconnect();
  });
} else {
  await main();
}

// --- Server, data, report (main process) ---------------------------------------------------------

async function main(): Promise<void> {
  const numbers = process.argv.slice(2).filter((a) => /^\d+$/.test(a));
  const seconds = Number(numbers[0] ?? 20);
  const connections = Number(numbers[1] ?? 50);
  const showPlans = process.argv.includes('--plans');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const schema = await import('../apps/server/src/db/schema');
  const repo = await import('../apps/server/src/modules/generations/generations.repository');
  const { galleryType, gallerySearch } =
    await import('../apps/server/src/modules/generations/gallery.service');
  const { startBenchApp } = await import('./lib/bench-app');

  const bench = await startBenchApp('gallery');
  const { address, database } = bench;
  try {
    const account = await bench.signUp('bench@example.com');
    const cookie = account.cookie;
    const user = { id: account.id };

    // 100 000 succeeded generations over the past year, types cycling, prompts from word lists
    // (every 8th has "silk"), one image each.
    const seeded = performance.now();
    await database.pool.query(
      `INSERT INTO generations
         (id, user_id, type, status, prompt, credits, image_urls, thumbnail_url, created_at, finished_at)
       SELECT 'gen_' || i, $1,
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
         now() - (100000 - i) * interval '315 seconds',
         now() - (100000 - i) * interval '315 seconds' + interval '8 seconds'
       FROM generate_series(1, ${String(ROWS)}) AS i`,
      [user.id],
    );
    // ANALYZE for planner statistics; VACUUM sets the visibility map as autovacuum would on a
    // long-lived table (index-only scans otherwise visit the heap for every row of a bulk insert).
    await database.pool.query('VACUUM (ANALYZE) generations');
    const seedMs = performance.now() - seeded;

    // The load generator runs in its own process.
    const child = fork(fileURLToPath(import.meta.url), ['--client'], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    const job: ClientJob = {
      url: address,
      cookie,
      userId: user.id,
      connections,
      warmupMs: 3_000,
      durationMs: seconds * 1000,
    };
    child.send(job);
    const [result] = (await once(child, 'message')) as [ClientResult];
    await once(child, 'exit');

    const all = Object.values(result.latencies).flat();
    const total = all.length;
    const rps = (n: number) => ((n * 1000) / result.elapsedMs).toFixed(0);
    const row = (label: string, values: number[]) => {
      const s = values.slice().sort((a, b) => a - b);
      return [
        label,
        String(s.length),
        rps(s.length),
        quantile(s, 0.5).toFixed(1),
        quantile(s, 0.9).toFixed(1),
        quantile(s, 0.99).toFixed(1),
        (s.at(-1) ?? NaN).toFixed(1),
      ];
    };
    console.log(
      `gallery API, POST /api/v1/gallery/past-generations: ${String(ROWS)} generations for one user ` +
        `(seeded in ${(seedMs / 1000).toFixed(1)} s), ${String(connections)} connections, ` +
        `${String(seconds)} s after 3 s warm-up\n`,
    );
    printTable([
      ['kind', 'requests', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'],
      ...KINDS.map((k) => row(k.name, result.latencies[k.name] ?? [])),
      row('all', all),
    ]);
    const non200 = Object.entries(result.statuses).filter(([status]) => status !== '200');
    const non200Count = non200.reduce((n, [, c]) => n + c, 0);
    console.log(
      `\nnon-200 responses: ${String(non200Count)}${non200.length ? ` (${non200.map(([s, c]) => `${s}: ${String(c)}`).join(', ')})` : ''}`,
    );
    const p99 = quantile(
      all.sort((a, b) => a - b),
      0.99,
    );
    const ok = p99 <= BUDGET_P99_MS && non200Count === 0 && total > 0;
    console.log(
      `p99 ${p99.toFixed(1)} ms of ${String(BUDGET_P99_MS)} ms budget — ${ok ? 'within' : 'OVER'} budget`,
    );

    // The exact SQL of each kind, captured from the repository through a Drizzle logger.
    const captured: { text: string; params: unknown[] }[] = [];
    const traced = drizzle(database.pool, {
      schema,
      casing: 'snake_case',
      logger: {
        logQuery: (text, params) => {
          captured.push({ text, params });
        },
      },
    });
    console.log(
      '\nthe same queries alone on the idle server (median of 5, ms; the request runs count(*) in\n' +
        'parallel with start key → page rows, plus the session lookup and a page_views insert)\n',
    );
    const planRows: string[][] = [['kind', 'count(*)', 'start key', 'page rows']];
    const plans: string[] = [];
    for (const kind of KINDS) {
      const filter = {
        userId: user.id,
        type: galleryType(kind.body.type),
        search: gallerySearch(kind.body.search),
      };
      captured.length = 0;
      await repo.countGallery(traced, filter);
      await repo.galleryPage(traced, filter, kind.body.page, kind.body.limit);
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
          const label = ['count(*)', 'start key', 'page rows'][i] ?? 'query';
          plans.push(
            `-- ${kind.name}: ${label}\n${query.text}\n-- params ${JSON.stringify(query.params)}\n` +
              rows.map((r) => r['QUERY PLAN']).join('\n'),
          );
        }
      }
      planRows.push(cells);
    }
    printTable(planRows);
    if (showPlans) console.log(`\n${plans.join('\n\n')}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await bench.close();
  }
}
