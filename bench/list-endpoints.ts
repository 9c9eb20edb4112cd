// The read endpoints users hit most besides the gallery (issue 18 item 2), each under load on its
// own: the real app (buildApp, no worker) on loopback over a fresh embedded PostgreSQL, one user
// with 100 000 generations over the past year (every 20th failed and refunded; a reserve in the
// ledger for each, a release for the failed) and 1 000 orders, driven by 20 connections (closed
// loop) from the shared load client (bench/lib/load-client.ts):
//  - credit order history    GET /api/v1/credit-transactions/order-history/:userId
//  - generation history      GET /api/v1/credit-transactions/generation-history/:userId
//                            (both: the first page of 10, what the Credit History screen asks
//                            for first; ADR 044)
//  - one generation          GET /api/v1/generations/:id (what every open tool page polls), cycling
//                            over the 50 newest
//  - analytics               GET /api/v1/analytics?range=7d|30d|90d (cached per ADR 032; nothing
//                            changes during the run)
// Budget (issue 18): p95 ≤ 50 ms each at 20 connections.
// Usage: node --import tsx bench/list-endpoints.ts [seconds=10] [connections=20] [--only=kind,...]
//        [--env=NAME=VALUE]
import { printTable } from './report';
import {
  LOAD_HEADER,
  loadRow,
  non200,
  runLoad,
  summarise,
  benchArgs,
  type LoadRequest,
  type Summary,
} from './lib/load-client';

const ROWS = 100_000;
const ORDERS = 1_000;
const BUDGET_P95_MS = 50;
const ORIGIN = 'http://localhost:3000';

async function main(): Promise<void> {
  const { seconds, connections, env } = benchArgs(process.argv.slice(2), {
    seconds: 10,
    connections: 20,
  });
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const { startBenchApp } = await import('./lib/bench-app');
  const bench = await startBenchApp('lists', { env });
  const { address, database } = bench;
  try {
    const account = await bench.signUp('bench@example.com');
    const userId = account.id;
    const seeded = performance.now();
    await database.pool.query(
      `INSERT INTO generations
         (id, user_id, type, status, prompt, credits, image_urls, thumbnail_url, created_at, finished_at)
       SELECT 'gen_' || i, $1,
         (ARRAY['photoshoot','try-on','realistic-try-on','ai-designer','ai-poses','fashion-extractor',
                'video-generation','upscaler','background-removal'])[1 + i % 9],
         CASE WHEN i % 20 = 0 THEN 'failed' ELSE 'succeeded' END,
         'navy silk dress on a model, studio light', 1,
         CASE WHEN i % 20 = 0 THEN '[]'::jsonb ELSE jsonb_build_array('/api/v1/media/img_' || i) END,
         '/api/v1/media/thumb_' || i,
         now() - (${String(ROWS)} - i) * interval '315 seconds',
         now() - (${String(ROWS)} - i) * interval '315 seconds' + interval '8 seconds'
       FROM generate_series(1, ${String(ROWS)}) AS i`,
      [userId],
    );
    await database.pool.query(
      `INSERT INTO credit_entries
         (user_id, kind, amount, balance_after, idempotency_key, reference_type, reference_id, created_at)
       SELECT $1, e.kind, e.amount, 0, e.kind || ':gen_' || i, 'generation', 'gen_' || i,
         now() - (${String(ROWS)} - i) * interval '315 seconds' + e.delay
       FROM generate_series(1, ${String(ROWS)}) AS i
       CROSS JOIN LATERAL (VALUES ('reserve', -1, interval '0 seconds'),
                                  ('release', 1, interval '8 seconds')) AS e(kind, amount, delay)
       WHERE e.kind = 'reserve' OR i % 20 = 0`,
      [userId],
    );
    await database.pool.query(
      `INSERT INTO orders (user_id, service_type, currency, amount_minor, credits, provider, status,
                           created_at, completed_at)
       SELECT $1, (ARRAY['101','102','201','301'])[1 + i % 4], 'USD', 999, 20, 'sandbox',
         (ARRAY['completed','completed','completed','failed','expired'])[1 + i % 5],
         now() - i * interval '8 hours', now() - i * interval '8 hours' + interval '1 minute'
       FROM generate_series(1, ${String(ORDERS)}) AS i`,
      [userId],
    );
    for (const table of ['generations', 'credit_entries', 'orders'])
      await database.pool.query(`VACUUM (ANALYZE) ${table}`);
    const seedMs = performance.now() - seeded;

    const headers = { cookie: account.cookie, origin: ORIGIN };
    const get = (kind: string, path: string): LoadRequest => ({
      kind,
      method: 'GET',
      path,
      headers,
    });
    const kinds: { name: string; requests: LoadRequest[] }[] = [
      {
        name: 'order history',
        requests: [get('order history', `/api/v1/credit-transactions/order-history/${userId}`)],
      },
      {
        name: 'generation history',
        requests: [
          get('generation history', `/api/v1/credit-transactions/generation-history/${userId}`),
        ],
      },
      {
        name: 'GET /generations/:id',
        requests: Array.from({ length: 50 }, (_, i) =>
          get('GET /generations/:id', `/api/v1/generations/gen_${String(ROWS - i)}`),
        ),
      },
      {
        name: 'analytics',
        requests: ['7d', '7d', '7d', '30d', '30d', '90d'].map((range) =>
          get('analytics', `/api/v1/analytics?range=${range}&tz=Asia%2FKolkata`),
        ),
      },
    ];
    console.log(
      `read endpoints: ${String(ROWS)} generations and ${String(ORDERS)} orders for one user ` +
        `(seeded in ${(seedMs / 1000).toFixed(1)} s), ${String(connections)} connections, ` +
        `${String(seconds)} s per endpoint after a 3 s warm-up` +
        (Object.keys(env).length ? `, app settings ${JSON.stringify(env)}` : '') +
        '\n',
    );
    const rows: string[][] = [LOAD_HEADER];
    const results: [string, Summary][] = [];
    let failures = 0;
    for (const kind of kinds) {
      if (only && !only.includes(kind.name)) continue;
      const result = await runLoad({
        url: address,
        connections,
        warmupMs: 3_000,
        durationMs: seconds * 1000,
        requests: kind.requests,
      });
      const summary = summarise(result.latencies[kind.name] ?? [], result.elapsedMs);
      rows.push(loadRow(kind.name, summary));
      results.push([kind.name, summary]);
      const bad = non200(result);
      failures += bad.count;
      if (bad.count > 0) console.log(`${kind.name}: non-200 responses ${bad.text}`);
    }
    printTable(rows);
    const over = results.filter(([, s]) => !(s.p95 <= BUDGET_P95_MS));
    console.log(
      `\np95 budget ${String(BUDGET_P95_MS)} ms: ` +
        (over.length === 0 ? 'every endpoint within' : `OVER: ${over.map(([n]) => n).join(', ')}`),
    );
    process.exitCode = over.length === 0 && failures === 0 ? 0 : 1;
  } finally {
    await bench.close();
  }
}

await main();
