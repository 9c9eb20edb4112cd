// Analytics API under load: the real app (buildApp, no worker) listening on loopback over a fresh
// embedded PostgreSQL, one user with 100 000 generations over the past year (one every 315 s; every
// 20th failed and refunded) and a reserve (plus a release for the failed ones) in the credit ledger
// for each, and GET /api/v1/analytics driven over HTTP by 20 connections (closed loop) from a
// separate client process. Mix per 6 requests: 3× 7d, 2× 30d, 1× 90d, zones cycling through
// UTC, Asia/Kolkata and America/New_York. Meanwhile the user keeps working: a new generation
// finishes every 1/W seconds (--writes=W, default 2 per second, far above what one person does),
// and each one invalidates every cached answer (ADR 032), so the next request of each kind pays
// the full query. Then the query is timed alone on the idle server per range; --plans also prints
// its EXPLAIN (ANALYZE, BUFFERS).
// Budget (issue 16): p95 ≤ 50 ms at 20 connections with 100k generations for one user.
// Usage: node --import tsx bench/analytics-api.ts [seconds=20] [connections=20] [--writes=2] [--plans]
import { printTable, quantile } from './report';
import { LOAD_HEADER, allLatencies, loadRow, non200, runLoad, summarise } from './lib/load-client';

const ROWS = 100_000;
const BUDGET_P95_MS = 50;
const ORIGIN = 'http://localhost:3000';

interface Kind {
  name: string;
  weight: number;
  query: string;
}

const KINDS: Kind[] = [
  { name: '7d UTC', weight: 1, query: 'range=7d&tz=UTC' },
  { name: '7d Asia/Kolkata', weight: 1, query: 'range=7d&tz=Asia%2FKolkata' },
  { name: '7d America/New_York', weight: 1, query: 'range=7d&tz=America%2FNew_York' },
  { name: '30d Asia/Kolkata', weight: 2, query: 'range=30d&tz=Asia%2FKolkata' },
  { name: '90d America/New_York', weight: 1, query: 'range=90d&tz=America%2FNew_York' },
];

await main();

// --- Server, data, report (main process) ---------------------------------------------------------

async function main(): Promise<void> {
  const numbers = process.argv.slice(2).filter((a) => /^\d+$/.test(a));
  const seconds = Number(numbers[0] ?? 20);
  const connections = Number(numbers[1] ?? 20);
  const showPlans = process.argv.includes('--plans');
  const writesArg = process.argv.find((a) => a.startsWith('--writes='));
  const writesPerSecond = Number(writesArg?.slice('--writes='.length) ?? 2);
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const schema = await import('../apps/server/src/db/schema');
  const repo = await import('../apps/server/src/modules/analytics/analytics.repository');
  const { startBenchApp } = await import('./lib/bench-app');

  const bench = await startBenchApp('analytics');
  const { address, database } = bench;
  try {
    const account = await bench.signUp('bench@example.com');
    const cookie = account.cookie;
    const user = { id: account.id };

    // 100 000 generations over the past year, types cycling, one image each; every 20th failed.
    // Each has its reserve in the ledger, and a failed one its release (the refund), as the
    // worker leaves them. The ledger rows go in directly: the bench measures reads.
    const seeded = performance.now();
    await database.pool.query(
      `INSERT INTO generations
         (id, user_id, type, status, prompt, credits, image_urls, created_at, finished_at)
       SELECT 'gen_' || i, $1,
         (ARRAY['photoshoot','try-on','realistic-try-on','ai-designer','ai-poses','fashion-extractor',
                'video-generation','upscaler','background-removal'])[1 + i % 9],
         CASE WHEN i % 20 = 0 THEN 'failed' ELSE 'succeeded' END,
         'bench', 1,
         CASE WHEN i % 20 = 0 THEN '[]'::jsonb ELSE jsonb_build_array('/api/v1/media/img_' || i) END,
         now() - (100000 - i) * interval '315 seconds',
         now() - (100000 - i) * interval '315 seconds' + interval '8 seconds'
       FROM generate_series(1, ${String(ROWS)}) AS i`,
      [user.id],
    );
    await database.pool.query(
      `INSERT INTO credit_entries
         (user_id, kind, amount, balance_after, idempotency_key, reference_type, reference_id, created_at)
       SELECT $1, e.kind, e.amount, 0, e.kind || ':gen_' || i, 'generation', 'gen_' || i,
         now() - (100000 - i) * interval '315 seconds' + e.delay
       FROM generate_series(1, ${String(ROWS)}) AS i
       CROSS JOIN LATERAL (VALUES ('reserve', -1, interval '0 seconds'),
                                  ('release', 1, interval '8 seconds')) AS e(kind, amount, delay)
       WHERE e.kind = 'reserve' OR i % 20 = 0`,
      [user.id],
    );
    // ANALYZE for planner statistics; VACUUM sets the visibility map as autovacuum would on a
    // long-lived table.
    await database.pool.query('VACUUM (ANALYZE) generations');
    await database.pool.query('VACUUM (ANALYZE) credit_entries');
    const seedMs = performance.now() - seeded;

    // The user's own work going on: each finished generation raises their activity version.
    let writes = 0;
    const writer =
      writesPerSecond > 0
        ? setInterval(() => {
            writes++;
            void database.pool.query(
              `INSERT INTO generations (id, user_id, type, status, prompt, credits, image_urls)
               VALUES ($1, $2, 'photoshoot', 'succeeded', 'bench', 1, '["/api/v1/media/new"]')`,
              [`gen_new_${String(writes)}`, user.id],
            );
          }, 1000 / writesPerSecond)
        : undefined;
    // The load generator runs in its own process (bench/lib/load-client.ts).
    const schedule = KINDS.flatMap((kind) => Array.from({ length: kind.weight }, () => kind));
    const result = await runLoad({
      url: address,
      connections,
      warmupMs: 3_000,
      durationMs: seconds * 1000,
      requests: schedule.map((kind) => ({
        kind: kind.name,
        method: 'GET' as const,
        path: `/api/v1/analytics?${kind.query}`,
        headers: { cookie, origin: ORIGIN },
      })),
    });
    clearInterval(writer);

    const all = allLatencies(result);
    const total = all.length;
    console.log(
      `analytics API, GET /api/v1/analytics: ${String(ROWS)} generations for one user ` +
        `(seeded in ${(seedMs / 1000).toFixed(1)} s), ${String(connections)} connections, ` +
        `${String(seconds)} s after 3 s warm-up; ${String(writes)} generations finished meanwhile ` +
        `(${String(writesPerSecond)}/s), each one invalidating every cached answer\n`,
    );
    printTable([
      LOAD_HEADER,
      ...KINDS.map((k) =>
        loadRow(k.name, summarise(result.latencies[k.name] ?? [], result.elapsedMs)),
      ),
      loadRow('all', summarise(all, result.elapsedMs)),
    ]);
    const non200Count = non200(result).count;
    console.log(`\nnon-200 responses: ${non200(result).text}`);
    const p95 = quantile(
      all.sort((a, b) => a - b),
      0.95,
    );
    const ok = p95 <= BUDGET_P95_MS && non200Count === 0 && total > 0;
    console.log(
      `p95 ${p95.toFixed(1)} ms of ${String(BUDGET_P95_MS)} ms budget — ${ok ? 'within' : 'OVER'} budget`,
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
    console.log('\nthe query alone on the idle server (median of 5, ms)\n');
    const planRows: string[][] = [['range', 'usage by day']];
    const plans: string[] = [];
    for (const [range, days] of [
      ['7d', 7],
      ['30d', 30],
      ['90d', 90],
    ] as const) {
      const window = { userId: user.id, timeZone: 'America/New_York', days, now: new Date() };
      captured.length = 0;
      await repo.usageByDay(traced, window);
      const cells: string[] = [range];
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
          const label = i === 0 ? 'usage by day' : 'query';
          plans.push(
            `-- ${range}: ${label}\n${query.text}\n-- params ${JSON.stringify(query.params)}\n` +
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
