// The one HTTP load generator of the API benches: a closed loop (each connection sends its next
// request when the last answer is read) over an undici Pool, run in a child process of its own so
// it does not share the server's event loop. The requests are a list cycled in order; each names
// its kind, and latencies are kept per kind for the measured window only (after the warm-up).
// Usage from a bench's main process: `await runLoad(job)`; `summarise` and `loadRow` format it.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { quantile } from '../report';

export interface LoadRequest {
  kind: string;
  method: 'GET' | 'POST' | 'DELETE' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadJob {
  url: string;
  connections: number;
  warmupMs: number;
  durationMs: number;
  /** Cycled in order by all connections together. */
  requests: LoadRequest[];
}

export interface LoadResult {
  /** Latencies in ms per kind, measured requests only. */
  latencies: Record<string, number[]>;
  statuses: Record<string, number>;
  elapsedMs: number;
}

async function drive(job: LoadJob): Promise<LoadResult> {
  const pool = new Pool(job.url, { connections: job.connections, pipelining: 1 });
  const latencies: Record<string, number[]> = {};
  for (const request of job.requests) latencies[request.kind] ??= [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const measureFrom = started + job.warmupMs;
  const end = measureFrom + job.durationMs;
  let next = 0;

  const connection = async () => {
    while (performance.now() < end) {
      const request = job.requests[next++ % job.requests.length];
      if (!request) break;
      const sent = performance.now();
      let status = 'error';
      try {
        const res = await pool.request({
          path: request.path,
          method: request.method,
          headers: request.headers ?? {},
          body: request.body ?? null,
        });
        await res.body.text();
        status = String(res.statusCode);
      } catch (error) {
        status = `error ${error instanceof Error ? error.message : String(error)}`;
      }
      const done = performance.now();
      if (sent >= measureFrom && done <= end) {
        latencies[request.kind]?.push(done - sent);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: job.connections }, connection));
  await pool.close();
  return { latencies, statuses, elapsedMs: job.durationMs };
}

const self = fileURLToPath(import.meta.url);

/** Runs `job` in a forked load-generator process and answers its figures. */
export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const child = fork(self, ['--load-client'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  child.send(job);
  const [result] = (await once(child, 'message')) as [LoadResult];
  await once(child, 'exit');
  return result;
}

if (process.argv[1] === self && process.argv[2] === '--load-client') {
  const [job] = (await once(process, 'message')) as [LoadJob];
  const result = await drive(job);
  process.send?.(result, () => {
    process.disconnect();
  });
}

export interface Summary {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarise(values: number[], elapsedMs: number): Summary {
  const s = values.slice().sort((a, b) => a - b);
  return {
    requests: s.length,
    rps: (s.length * 1000) / elapsedMs,
    p50: quantile(s, 0.5),
    p90: quantile(s, 0.9),
    p95: quantile(s, 0.95),
    p99: quantile(s, 0.99),
    max: s.at(-1) ?? NaN,
  };
}

export const LOAD_HEADER = [
  'kind',
  'requests',
  'req/s',
  'p50 ms',
  'p90 ms',
  'p95 ms',
  'p99 ms',
  'max ms',
];

/** One table row for `printTable`, in LOAD_HEADER's columns. */
export function loadRow(label: string, summary: Summary): string[] {
  return [
    label,
    String(summary.requests),
    summary.rps.toFixed(0),
    summary.p50.toFixed(1),
    summary.p90.toFixed(1),
    summary.p95.toFixed(1),
    summary.p99.toFixed(1),
    summary.max.toFixed(1),
  ];
}

/** Every measured latency of a run, all kinds together. */
export function allLatencies(result: LoadResult): number[] {
  return Object.values(result.latencies).flat();
}

/** Non-200 answers, as `count (status: n, …)`. */
export function non200(result: LoadResult): { count: number; text: string } {
  const bad = Object.entries(result.statuses).filter(([status]) => status !== '200');
  const count = bad.reduce((n, [, c]) => n + c, 0);
  return {
    count,
    text: `${String(count)}${bad.length ? ` (${bad.map(([s, c]) => `${s}: ${String(c)}`).join(', ')})` : ''}`,
  };
}

/**
 * A bench's command line: the first two numbers (seconds, connections, with defaults), and
 * `--env=NAME=VALUE` settings for the app (repeatable), e.g. `--env=SESSION_CACHE_SECONDS=0`.
 */
export function benchArgs(
  argv: string[],
  defaults: { seconds: number; connections: number },
): { seconds: number; connections: number; env: Record<string, string> } {
  const numbers = argv.filter((a) => /^\d+$/.test(a));
  const env = Object.fromEntries(
    argv
      .filter((a) => a.startsWith('--env='))
      .map((a) => {
        const [name = '', ...value] = a.slice('--env='.length).split('=');
        return [name, value.join('=')];
      }),
  );
  return {
    seconds: Number(numbers[0] ?? defaults.seconds),
    connections: Number(numbers[1] ?? defaults.connections),
    env,
  };
}
