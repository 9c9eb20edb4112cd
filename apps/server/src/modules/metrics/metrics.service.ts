import type pg from 'pg';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/client';
import { findBalanceMismatches } from '../credits/credits.service';
import { showsDetails } from '../health/health.service';
import * as repo from './metrics.repository';

export interface CollectorDeps {
  db: Db;
  pool: pg.Pool;
  /**
   * Run `credits:check` from this process, at most every `creditsCheckEveryMs` (the worker
   * processes: every balance summed against its ledger is too heavy for every scrape).
   */
  creditsCheckEveryMs?: number | undefined;
  log: { warn: (obj: object, msg: string) => void };
}

/** No scrape waits longer than this on the database; a slow answer counts as a failed collect. */
const COLLECT_TIMEOUT_MS = 5_000;

/**
 * Who may read `/metrics` on the API port: anyone outside production; in production only
 * `Authorization: Bearer <OPERATOR_TOKEN>` (constant-time compare), and nobody when no token is set.
 * The same rule as the health details; METRICS_PORT is the other way, on a private interface.
 */
export function mayScrape(
  settings: { isProduction: boolean; operatorToken: string | undefined },
  authorization: string | undefined,
): boolean {
  return showsDetails(settings, authorization);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`metrics collect took over ${String(ms)} ms`));
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

/**
 * One query shared by the gauges it feeds: prom-client collects every metric of a scrape at once,
 * so the first gauge starts it and the others await the same answer (kept for a second).
 */
function sharedQuery<T>(run: () => Promise<T>): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > 1_000) {
      const answer = withTimeout(run(), COLLECT_TIMEOUT_MS);
      last = { at: now, answer };
      // A failed answer is not kept: the next scrape asks again.
      answer.catch(() => {
        if (last?.answer === answer) last = undefined;
      });
    }
    return last.answer;
  };
}

/**
 * Registers the scrape-time collectors: queue depth and age, work in progress, open orders,
 * outbound webhook backlog, the connection pool, and (on workers) the last `credits:check`.
 * A collector whose query fails shows no series (an absent series, not a stale number) and counts
 * the failure in `studio_metrics_collect_errors_total`.
 */
export function registerDatabaseCollectors(registry: Registry, deps: CollectorDeps): void {
  const registers = [registry];
  const errors = new Counter({
    name: 'studio_metrics_collect_errors_total',
    help: 'Scrape-time database reads that failed or timed out, by collector',
    labelNames: ['collector'] as const,
    registers,
  });
  /** Runs a collector; on failure its gauges are emptied and the failure counted. */
  async function guarded(collector: string, gauges: Gauge[], fill: () => Promise<void>) {
    try {
      await fill();
    } catch (error) {
      for (const gauge of gauges) gauge.reset();
      errors.inc({ collector });
      deps.log.warn({ err: error, collector }, 'a metrics collector failed');
    }
  }

  const queues = sharedQuery(() => repo.queueStats(deps.db));
  const queueWaiting: Gauge<'queue'> = new Gauge({
    name: 'studio_queue_jobs_waiting',
    help: 'Jobs ready to run that no worker has taken, per queue',
    labelNames: ['queue'] as const,
    registers,
    collect: () =>
      guarded('queue', [queueWaiting], async () => {
        queueWaiting.reset();
        for (const row of await queues()) queueWaiting.set({ queue: row.queue }, row.waiting);
      }),
  });
  const queueOldest: Gauge<'queue'> = new Gauge({
    name: 'studio_queue_oldest_waiting_seconds',
    help: 'Age of the oldest job ready to run and not taken, per queue (0 when none waits)',
    labelNames: ['queue'] as const,
    registers,
    collect: () =>
      guarded('queue', [queueOldest], async () => {
        queueOldest.reset();
        for (const row of await queues()) queueOldest.set({ queue: row.queue }, row.oldestSeconds);
      }),
  });

  const inProgress: Gauge<'tool' | 'status'> = new Gauge({
    name: 'studio_generations_in_progress',
    help: 'Generations queued or running now, per tool',
    labelNames: ['tool', 'status'] as const,
    registers,
    collect: () =>
      guarded('generations', [inProgress], async () => {
        const rows = await withTimeout(repo.generationsInProgress(deps.db), COLLECT_TIMEOUT_MS);
        inProgress.reset();
        for (const row of rows) inProgress.set({ tool: row.type, status: row.status }, row.n);
      }),
  });

  const orders = sharedQuery(() => repo.openOrders(deps.db));
  const ordersOpen: Gauge<'provider' | 'state'> = new Gauge({
    name: 'studio_orders_open',
    help: 'Orders still pending or processing, per payment provider and state',
    labelNames: ['provider', 'state'] as const,
    registers,
    collect: () =>
      guarded('orders', [ordersOpen], async () => {
        const rows = await orders();
        ordersOpen.reset();
        for (const row of rows)
          ordersOpen.set({ provider: row.provider, state: row.status }, row.n);
      }),
  });
  const ordersOldest: Gauge<'provider' | 'state'> = new Gauge({
    name: 'studio_orders_open_oldest_seconds',
    help: 'Age of the oldest order still pending or processing, per payment provider and state',
    labelNames: ['provider', 'state'] as const,
    registers,
    collect: () =>
      guarded('orders', [ordersOldest], async () => {
        const rows = await orders();
        ordersOldest.reset();
        for (const row of rows) {
          ordersOldest.set({ provider: row.provider, state: row.status }, row.oldest);
        }
      }),
  });

  const deliveries = sharedQuery(() => repo.webhookDeliveryStats(deps.db));
  const backlog: Gauge<'state'> = new Gauge({
    name: 'studio_webhook_out_backlog',
    help: 'Outbound webhook deliveries waiting for an attempt: all pending, and those due now',
    labelNames: ['state'] as const,
    registers,
    collect: () =>
      guarded('webhooks', [backlog], async () => {
        const stats = await deliveries();
        backlog.set({ state: 'pending' }, stats.pending);
        backlog.set({ state: 'due' }, stats.due);
      }),
  });
  const backlogLate: Gauge = new Gauge({
    name: 'studio_webhook_out_oldest_due_seconds',
    help: 'How late the most overdue outbound webhook attempt is (0 when none is due)',
    registers,
    collect: () =>
      guarded('webhooks', [backlogLate], async () => {
        backlogLate.set((await deliveries()).lateSeconds);
      }),
  });
  const recent: Gauge<'status'> = new Gauge({
    name: 'studio_webhook_out_deliveries_last_hour',
    help: 'Outbound webhook deliveries created in the last hour, by status (pending, succeeded, failed)',
    labelNames: ['status'] as const,
    registers,
    collect: () =>
      guarded('webhooks', [recent], async () => {
        const stats = await deliveries();
        recent.reset();
        for (const row of stats.recent) recent.set({ status: row.status }, row.n);
      }),
  });
  const retries: Gauge = new Gauge({
    name: 'studio_webhook_out_retries_last_hour',
    help: 'Attempts after the first of the outbound webhook deliveries created in the last hour',
    registers,
    collect: () =>
      guarded('webhooks', [retries], async () => {
        const stats = await deliveries();
        retries.set(stats.recent.reduce((sum, row) => sum + row.retries, 0));
      }),
  });

  const sweepMarks: Gauge = new Gauge({
    name: 'studio_media_sweep_marks_overdue',
    help: 'Media sweep marks older than two hours: crashed writes or deletions not yet swept (ADR 046)',
    registers,
    collect: () =>
      guarded('media', [sweepMarks], async () => {
        sweepMarks.set(await withTimeout(repo.overdueSweepMarks(deps.db), COLLECT_TIMEOUT_MS));
      }),
  });

  const pool: Gauge<'state'> = new Gauge({
    name: 'studio_db_pool_connections',
    help: "This process's PostgreSQL pool (pg-boss shares it): connections in use and idle",
    labelNames: ['state'] as const,
    registers,
    collect() {
      pool.set({ state: 'in_use' }, deps.pool.totalCount - deps.pool.idleCount);
      pool.set({ state: 'idle' }, deps.pool.idleCount);
    },
  });
  const poolWaiting: Gauge = new Gauge({
    name: 'studio_db_pool_waiting',
    help: 'Queries waiting for a free connection of this process’s pool',
    registers,
    collect() {
      poolWaiting.set(deps.pool.waitingCount);
    },
  });

  if (deps.creditsCheckEveryMs !== undefined) {
    registerCreditsCheck(registry, deps, deps.creditsCheckEveryMs, errors);
  }
}

/**
 * `npm run credits:check` from a worker: every balance against the sum of its ledger entries and
 * lots. Too heavy for every scrape, so a scrape starts one when the last is older than `everyMs`
 * and shows the last finished result (the first scrape waits for it).
 */
function registerCreditsCheck(
  registry: Registry,
  deps: CollectorDeps,
  everyMs: number,
  errors: Counter<'collector'>,
) {
  let last: { at: number; mismatches: number } | undefined;
  let running: Promise<void> | undefined;
  let startedAt = 0;
  const check = () => {
    if (running) return running;
    startedAt = Date.now();
    running = findBalanceMismatches(deps.db)
      .then((found) => {
        last = { at: Date.now(), mismatches: found.length };
      })
      .catch((error: unknown) => {
        errors.inc({ collector: 'credits_check' });
        deps.log.warn({ err: error }, 'credits check for the metrics failed');
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const mismatched: Gauge = new Gauge({
    name: 'studio_credits_check_mismatched_accounts',
    help: 'Accounts whose balance differs from the sum of its ledger entries or lots at the last credits:check',
    registers: [registry],
    async collect() {
      if (!last) await withTimeout(check(), COLLECT_TIMEOUT_MS).catch(() => undefined);
      else if (Date.now() - startedAt > everyMs) void check();
      if (last) mismatched.set(last.mismatches);
      else mismatched.reset();
    },
  });
  const lastRun: Gauge = new Gauge({
    name: 'studio_credits_check_last_run_timestamp_seconds',
    help: 'When the last credits:check of this process finished (Unix time)',
    registers: [registry],
    async collect() {
      // The first scrape's check, started by the gauge beside this one.
      if (!last && running) await withTimeout(running, COLLECT_TIMEOUT_MS).catch(() => undefined);
      if (last) lastRun.set(last.at / 1000);
      else lastRun.reset();
    },
  });
}
