import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFalKeySet, FAILED_FETCH_PAUSE_MS, JWKS_TTL_MS, MIN_REFRESH_MS } from './jwks';

const jwks = () => ({
  keys: [generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' })],
});

function counted() {
  let clock = 1_000_000;
  const fetches: string[] = [];
  const set = createFalKeySet({
    url: 'https://keys.test/jwks.json',
    now: () => clock,
    fetchJson: async (url) => {
      fetches.push(url);
      return jwks();
    },
  });
  return {
    set,
    fetches,
    advance: (ms: number) => (clock += ms),
  };
}

describe("fal's webhook key set (ADR 035)", () => {
  it('fetches once and serves the cache for a day', async () => {
    const { set, fetches, advance } = counted();
    const first = await set.current();
    expect(first).toHaveLength(1);
    advance(JWKS_TTL_MS - 1);
    expect(await set.current()).toBe(first);
    expect(fetches).toEqual(['https://keys.test/jwks.json']);
    advance(1);
    expect(await set.current()).not.toBe(first);
    expect(fetches).toHaveLength(2);
  });

  it('shares one fetch between concurrent webhooks', async () => {
    const { set, fetches } = counted();
    await Promise.all([set.current(), set.current(), set.current()]);
    expect(fetches).toHaveLength(1);
  });

  it('refreshes on an unknown key at most once per period', async () => {
    const { set, fetches, advance } = counted();
    await set.current();
    expect(await set.refresh()).toHaveLength(1);
    advance(MIN_REFRESH_MS - 1);
    expect(await set.refresh()).toBeNull();
    expect(fetches).toHaveLength(2);
    advance(1);
    expect(await set.refresh()).toHaveLength(1);
    expect(fetches).toHaveLength(3);
  });

  it('pauses after a failed fetch, then fetches again instead of caching the failure', async () => {
    let fail = true;
    let clock = 0;
    let fetches = 0;
    const set = createFalKeySet({
      url: 'https://keys.test/jwks.json',
      now: () => clock,
      fetchJson: async () => {
        fetches += 1;
        if (fail) throw new Error('unreachable');
        return jwks();
      },
    });
    await expect(set.current()).rejects.toThrow('unreachable');
    fail = false;
    await expect(set.current()).rejects.toThrow('unreachable moments ago');
    expect(fetches).toBe(1);
    clock += FAILED_FETCH_PAUSE_MS;
    expect(await set.current()).toHaveLength(1);
    expect(fetches).toBe(2);
  });

  it('keeps serving a day-old key set while fal’s is unreachable', async () => {
    let clock = 0;
    let fail = false;
    const set = createFalKeySet({
      url: 'https://keys.test/jwks.json',
      now: () => clock,
      fetchJson: async () => {
        if (fail) throw new Error('unreachable');
        return jwks();
      },
    });
    const first = await set.current();
    fail = true;
    clock += JWKS_TTL_MS;
    expect(await set.current()).toBe(first);
    expect(await set.current()).toBe(first);
  });

  it('keeps the keys it has when a fetch finds no Ed25519 key, on refresh and on expiry', async () => {
    let document: unknown = jwks();
    let clock = 0;
    const set = createFalKeySet({
      url: 'https://keys.test/jwks.json',
      now: () => clock,
      fetchJson: async () => document,
    });
    const working = await set.current();
    expect(working).toHaveLength(1);
    document = { keys: [{ kty: 'RSA', n: 'x', e: 'AQAB' }] };
    await expect(set.refresh()).rejects.toThrow(/no Ed25519 key/);
    expect(await set.current()).toBe(working);
    clock += JWKS_TTL_MS + FAILED_FETCH_PAUSE_MS;
    expect(await set.current()).toBe(working);
  });
});
