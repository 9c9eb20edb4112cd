import type { KeyObject } from 'node:crypto';
import { guardedFetch } from '../../net/url-guard';
import { ed25519Keys } from './webhook-signature';

/*
 * fal's webhook signing keys (its JWKS), fetched through the outbound guard and cached. fal's docs
 * say to cache them for up to 24 hours; a signature no cached key verifies may mean fal rotated
 * its keys, so the set is fetched again, but at most once per MIN_REFRESH_MS: a forged webhook
 * must not turn every request into a fetch.
 */

export const FAL_JWKS_URL = 'https://rest.alpha.fal.ai/.well-known/jwks.json';
const FAL_JWKS_HOSTS = ['rest.alpha.fal.ai'];
export const JWKS_TTL_MS = 24 * 60 * 60_000;
export const MIN_REFRESH_MS = 5 * 60_000;
/** After a failed fetch, webhooks are refused for this long without fetching again. */
export const FAILED_FETCH_PAUSE_MS = 30_000;
const MAX_JWKS_BYTES = 64 * 1024;

export interface FalKeySet {
  /** The cached keys; fetched when there are none yet or they are older than a day. */
  current(): Promise<KeyObject[]>;
  /** Fetches the keys again unless a refresh was done lately; null when it was not done. */
  refresh(): Promise<KeyObject[] | null>;
}

export interface FalKeySetOptions {
  url: string;
  fetchJson: (url: string) => Promise<unknown>;
  now?: () => number;
}

export function createFalKeySet(options: FalKeySetOptions): FalKeySet {
  const now = options.now ?? Date.now;
  let cached: { keys: KeyObject[]; at: number } | null = null;
  let inFlight: Promise<KeyObject[]> | null = null;
  let lastRefreshAt = -Infinity;
  let failedAt = -Infinity;

  // Concurrent webhooks share one fetch.
  const load = () => {
    inFlight ??= (async () => {
      try {
        const keys = ed25519Keys(await options.fetchJson(options.url));
        // A set without one usable key (a broken or half-rotated document) would refuse every
        // webhook: it counts as a failed fetch, so the keys that verified until now stay.
        if (keys.length === 0) throw new Error("fal's key set holds no Ed25519 key");
        cached = { keys, at: now() };
        return keys;
      } catch (error) {
        failedAt = now();
        throw error;
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };

  return {
    async current() {
      if (cached && now() - cached.at < JWKS_TTL_MS) return cached.keys;
      // fal's key set is down: a stale set still serves, and with none every webhook is refused
      // (503, fal retries) without a fetch of its own.
      if (now() - failedAt < FAILED_FETCH_PAUSE_MS) {
        if (cached) return cached.keys;
        throw new Error("fal's key set was unreachable moments ago");
      }
      return load().catch((error: unknown) => {
        if (cached) return cached.keys;
        throw error;
      });
    },
    async refresh() {
      if (now() - lastRefreshAt < MIN_REFRESH_MS) return null;
      lastRefreshAt = now();
      return load();
    },
  };
}

/** Reads a JWKS document through the outbound guard: fal's host, or an origin set for tests. */
export function fetchJwksThroughGuard(trustedOrigins: readonly string[]) {
  return async (url: string): Promise<unknown> => {
    const response = await guardedFetch(url, {
      allowedHosts: FAL_JWKS_HOSTS,
      trustedOrigins,
      maxBytes: MAX_JWKS_BYTES,
      timeoutMs: 10_000,
    });
    if (response.status !== 200) {
      throw new Error(`fal's JWKS answered HTTP ${String(response.status)}`);
    }
    return JSON.parse(response.body.toString('utf8'));
  };
}
