import { LRUCache } from 'lru-cache';
import type { FastifyInstance } from 'fastify';
import { routedPath } from '../../http/routed-path';
import type { AuthUser } from './session-guard';

/**
 * Sessions this process looked up, reused for a few seconds (ADR 040). Better Auth reads the
 * session and its user from PostgreSQL on every call; the gallery and the tool pages' polls make
 * that the largest fixed cost of a request. Keyed by the whole Cookie header, which is all
 * Better Auth reads the session from, so a different cookie can never find another's entry.
 *
 * Revocation: a sign-out, password change, reset or account deletion answered by this process
 * empties the cache at once (`forgetSessionsOnAccountChanges`); one done by another process or the
 * admin CLI is honoured here within `ttlMs`. A session's own expiry is never extended.
 */
export interface SessionCache {
  get(cookie: string): AuthUser | undefined;
  /** `epoch` is what `epoch()` answered before the lookup: a lookup older than a clear is dropped. */
  set(cookie: string, user: AuthUser, expiresAt: Date, epoch: number): void;
  epoch(): number;
  clear(): void;
}

const MAX_ENTRIES = 20_000;

/**
 * Each entry lives a random 50–100 % of `ttlMs`: sessions first seen together (a crowd arriving,
 * a process starting) would otherwise all expire together and send every one of them back to the
 * database in the same instant, every `ttlMs` (the tail of the 1,000-user gallery bench,
 * 2026-11-25). `random` and `perf` (the clock) are for tests.
 */
export function createSessionCache(
  ttlMs: number,
  options: { random?: () => number; perf?: { now(): number } } = {},
): SessionCache {
  const random = options.random ?? Math.random;
  const entries =
    ttlMs > 0
      ? new LRUCache<string, AuthUser>({
          max: MAX_ENTRIES,
          ttl: ttlMs,
          ...(options.perf ? { perf: options.perf } : {}),
        })
      : undefined;
  let epoch = 0;
  return {
    get: (cookie) => entries?.get(cookie),
    set(cookie, user, expiresAt, seenEpoch) {
      const left = Math.min(ttlMs * (0.5 + random() / 2), expiresAt.getTime() - Date.now());
      if (!entries || seenEpoch !== epoch || left <= 0) return;
      entries.set(cookie, user, { ttl: left });
    },
    epoch: () => epoch,
    clear() {
      epoch++;
      entries?.clear();
    },
  };
}

/** Better Auth's endpoints and our account routes: a change there may end or alter sessions. */
const ACCOUNT_PATHS = ['/api/auth/', '/api/v1/user'];
/**
 * Account calls that end or alter no existing session: signing in or up only adds one, and a
 * password check or a reset e-mail changes nothing until the reset itself (which does clear).
 * Every user's sign-in emptying the cache would make it useless exactly when many sign in.
 */
const LEAVES_SESSIONS = [
  '/api/auth/sign-in/',
  '/api/auth/sign-up/',
  '/api/auth/verify-password',
  '/api/auth/request-password-reset',
  '/api/auth/forget-password',
  '/api/v1/user/register',
];

/**
 * Root-level hook: once a non-GET request to an account path that may end or alter sessions has
 * done its work, and before its answer leaves (so the caller's next request cannot beat it), this
 * process forgets every cached session. Such requests are rare; which sessions they ended is
 * Better Auth's business.
 */
export function forgetSessionsOnAccountChanges(app: FastifyInstance, cache: SessionCache): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD') return payload;
    // The endpoint that ran, not the URL as spelled: `/%61pi/v1/user/password` runs the password
    // change too (issue 29).
    const path = routedPath(request);
    if (
      path !== undefined &&
      ACCOUNT_PATHS.some((prefix) => path.startsWith(prefix)) &&
      !LEAVES_SESSIONS.some((prefix) => path.startsWith(prefix))
    ) {
      cache.clear();
    }
    return payload;
  });
}
