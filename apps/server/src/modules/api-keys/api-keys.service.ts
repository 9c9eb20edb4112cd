import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { type CreateApiKeyRequest, MAX_API_KEYS } from '@studio/contract';
import type { ApiKey } from '@studio/contract/responses';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import * as repo from './api-keys.repository';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Characters of a key shown after it was made, its kind included (`sk_live_AbCd`). */
const PREFIX_LENGTH = 12;
/** How often a key's last use is written. */
const TOUCH_EVERY_MS = 5 * 60_000;
/** What an `Authorization: Bearer` value must look like before any lookup. */
export const API_KEY_PATTERN = /^sk_(live|test)_[0-9A-Za-z]{43}$/;

/** 32 random bytes as 43 base62 characters (rejection-sampled, so every character is uniform). */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < 248 && out.length < length) out += BASE62.charAt(byte % 62);
    }
  }
  return out;
}

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

const toApiKey = (row: repo.ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * A new key for the user: `sk_live_` in production, `sk_test_` elsewhere, then 43 base62
 * characters (256 bits). Only its SHA-256 is stored; the key is answered this once.
 */
export async function createKey(
  db: Db,
  userId: string,
  input: CreateApiKeyRequest,
  production: boolean,
): Promise<{ id: string; key: string; prefix: string }> {
  const key = `sk_${production ? 'live' : 'test'}_${randomBase62(43)}`;
  const prefix = key.slice(0, PREFIX_LENGTH);
  const row = await db.transaction(async (tx) => {
    await repo.lockUserKeys(tx, userId);
    if ((await repo.countLive(tx, userId)) >= MAX_API_KEYS) {
      throw new AppError(
        409,
        'too_many_keys',
        `An account holds at most ${String(MAX_API_KEYS)} API keys: revoke one first.`,
      );
    }
    return repo.insertKey(tx, {
      id: `key_${randomBytes(12).toString('base64url')}`,
      userId,
      name: input.name.trim(),
      prefix,
      keyHash: hashKey(key),
      scopes: [...new Set(input.scopes)],
    });
  });
  return { id: row.id, key, prefix };
}

export async function listKeys(db: Db, userId: string): Promise<ApiKey[]> {
  return (await repo.listLive(db, userId)).map(toApiKey);
}

/** A caller resolved from its key: the user, as a session names one, and what the key may do. */
export type KeyCaller = repo.KeyOwner;

export interface ApiKeyResolver {
  resolve(key: string): Promise<KeyCaller | null>;
  /** Revokes the user's key and forgets it in this process at once. */
  revoke(userId: string, id: string): Promise<void>;
}

/**
 * Resolves keys to their owners, remembered for at most `ttlMs` (the session cache's window):
 * a revocation answered by this process takes effect at once, one made by another process within
 * `ttlMs`. Last use is noted at most every five minutes, after the answer, never blocking it.
 */
export function createApiKeyResolver(db: Db, ttlMs: number): ApiKeyResolver {
  const cache =
    ttlMs > 0 ? new LRUCache<string, KeyCaller>({ max: 10_000, ttl: ttlMs }) : undefined;
  let epoch = 0;
  const touched = new LRUCache<string, number>({ max: 10_000 });
  return {
    async resolve(key) {
      if (!API_KEY_PATTERN.test(key)) return null;
      const hash = hashKey(key);
      const cached = cache?.get(hash);
      const seen = epoch;
      const caller = cached ?? (await repo.findLiveByHash(db, hash)) ?? null;
      if (!caller) return null;
      if (!cached && seen === epoch) cache?.set(hash, caller);
      // Noted at most every five minutes per key from this process, so a cached call costs no
      // query at all (the UPDATE's own condition covers the other processes).
      const now = Date.now();
      if (now - (touched.get(caller.keyId) ?? 0) >= TOUCH_EVERY_MS) {
        touched.set(caller.keyId, now);
        void repo.touch(db, caller.keyId).catch(() => undefined);
      }
      return caller;
    },
    async revoke(userId, id) {
      if (!(await repo.revoke(db, userId, id))) throw notFound('API key not found');
      epoch++;
      cache?.clear();
    },
  };
}
