import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { idempotencyKeyReused, requestFingerprint } from './idempotency-key';
import * as repo from './idempotency.repository';

/** One POST that took an `Idempotency-Key`, for `runOnce`. */
export interface KeyedRequest {
  userId: string;
  /** The header's value (idempotencyKeySchema); none: the work simply runs. */
  key: string | null | undefined;
  /** The route's name, part of the fingerprint. */
  route: string;
  /** What decides "the same request": the validated body, or the files' hashes. */
  body: unknown;
  /** The longest the work may take: past it, a claim left by a dead process is taken over. */
  leaseMs: number;
  /** How long a duplicate waits for the first before 409 (default: the lease). */
  waitMs?: number;
  /** A duplicate stops waiting when this aborts (the client went away). */
  signal?: AbortSignal;
  /** Names the work in the 422 message ('upload', 'listing pack'). */
  what: string;
}

const inUse = () =>
  new AppError(
    409,
    'idempotency_key_in_use',
    'A request with this Idempotency-Key is still being processed. Retry in a moment.',
  );

/**
 * Runs `work` once per key and body for 24 hours (issue 35, ADR 059), for the POSTs whose work has
 * no row of its own to carry the key (uploads, listing packs): the first request claims the key
 * and its answer is kept when it succeeds (a failure lets the key go, so a retry runs again); the
 * same key and body later answer `replay(first answer)`; another body is 422; a duplicate that
 * comes while the first still runs waits for it (polling, bounded by `waitMs`, then 409).
 * The answer must be plain JSON.
 */
export async function runOnce<T>(
  db: Db,
  request: KeyedRequest,
  work: () => Promise<T>,
  replay: (first: T) => T | Promise<T> = (first) => first,
): Promise<T> {
  const { userId, key } = request;
  if (!key) return work();
  const requestHash = requestFingerprint(request.route, request.body);
  const until = Date.now() + (request.waitMs ?? request.leaseMs);
  for (let pause = 25; ; pause = Math.min(pause * 2, 250)) {
    const claim = randomBytes(12).toString('base64url');
    if (await repo.claimKey(db, { userId, key, requestHash, claim, leaseMs: request.leaseMs })) {
      let answer: T;
      try {
        answer = await work();
      } catch (error) {
        await repo.releaseKey(db, userId, key, claim).catch(() => undefined);
        throw error;
      }
      await repo.saveAnswer(db, userId, key, claim, answer);
      return answer;
    }
    const first = await repo.findKey(db, userId, key);
    if (first && first.requestHash !== requestHash) throw idempotencyKeyReused(request.what);
    if (first?.response != null) return replay(first.response as T);
    // In flight elsewhere (or just released or expired: the next turn claims it).
    if (Date.now() >= until || request.signal?.aborted) throw inUse();
    await sleep(pause);
  }
}

/**
 * Deletes keys past their 24 hours every `intervalMs` (a reused one is taken over in place anyway;
 * this only keeps forgotten keys from piling up). Every process sweeps; returns the stop function.
 */
export function startIdempotencySweep(
  db: Db,
  options: { intervalMs: number; log: FastifyBaseLogger },
): () => void {
  const timer = setInterval(() => {
    repo.deleteExpiredKeys(db).then(
      (deleted) => {
        if (deleted > 0) options.log.debug({ deleted }, 'expired idempotency keys deleted');
      },
      (error: unknown) => {
        options.log.warn({ err: error }, 'idempotency key sweep failed; retrying later');
      },
    );
  }, options.intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
