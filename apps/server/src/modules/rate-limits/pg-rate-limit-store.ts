import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { answering } from '../../http/openapi';
import { PASSWORD_ATTEMPTS } from './password-attempts';
import {
  deleteExpiredCounters,
  deleteForgottenAttempts,
  incrementCounter,
} from './rate-limits.repository';

/**
 * @fastify/rate-limit's store on PostgreSQL (ADR 038): its in-memory default gave each API process
 * and each start a budget of its own, so N processes allowed N times the limit and a restart reset
 * it. Keys must name their limit (`generate:…`, `sign-in-address:…`): every limit shares the
 * table, and the plugin's `child` stores add no prefix of their own.
 */
export function pgRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class PgRateLimitStore implements FastifyRateLimitStore {
    // The plugin passes the window as a third argument its type declaration leaves out.
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindowMs?: number,
    ): void {
      if (timeWindowMs === undefined) {
        callback(new Error('rate-limit store called without a time window'));
        return;
      }
      incrementCounter(db, key, timeWindowMs).then(
        ({ count, ttlMs }) => {
          callback(null, { current: count, ttl: ttlMs });
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(): FastifyRateLimitStore {
      return new PgRateLimitStore();
    }
  };
}

/**
 * Deletes expired counters and forgotten password attempts every `intervalMs` (a request resets
 * an expired row in place, so this only keeps keys nobody uses any more from piling up). Every process sweeps; a DELETE of what is
 * already gone is harmless. Returns the stop function.
 */
export function startRateLimitSweep(
  db: Db,
  options: { intervalMs: number; log: FastifyBaseLogger },
): () => void {
  const sweep = async () => {
    try {
      const deleted =
        (await deleteExpiredCounters(db)) +
        (await deleteForgottenAttempts(db, PASSWORD_ATTEMPTS.forgetAfterSeconds));
      if (deleted > 0) options.log.debug({ deleted }, 'expired rate-limit rows deleted');
    } catch (error) {
      options.log.warn({ err: error }, 'rate-limit sweep failed; retrying at the next interval');
    }
  };
  const timer = setInterval(() => void sweep(), options.intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}

/** How often each process deletes expired counters. */
const SWEEP_INTERVAL_MS = 5 * 60_000;

/**
 * The rate-limit plugin on the shared store, with the sweep stopped when the app closes. Limits are
 * opted into per route (auth, uploads, generation, payment links, zips), never global.
 */
export async function registerSharedRateLimits(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(rateLimit, { global: false, store: pgRateLimitStore(db) });
  // Every limit made from here on says it answers 429, so the API reference lists that answer on
  // each route the limit guards, without the route saying so (http/openapi.ts).
  const makeLimit = app.rateLimit.bind(app);
  app.rateLimit = (options) => answering(makeLimit(options), 'rate_limited');
  const stop = startRateLimitSweep(db, { intervalMs: SWEEP_INTERVAL_MS, log: app.log });
  app.addHook('onClose', async () => {
    stop();
  });
}
