import { GENERATE_REQUESTS_PER_MINUTE } from '@studio/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../../test/generation-helpers';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createKey } from '../api-keys/api-keys.service';
import { API_KEY_REQUESTS_PER_MINUTE } from './api-key-limit';

/*
 * Issue 35 item 2: a per-key limit over every Bearer call, counted in the shared store (ADR 038),
 * on top of the per-user limits, with the RateLimit-Policy and RateLimit fields of
 * draft-ietf-httpapi-ratelimit-headers-10 and Retry-After on 429 (ADR 059). A tiny multiplier
 * keeps the loops short: 6 calls a minute per key, 1 generate call a minute per user.
 */

const MULTIPLIER = 0.01;
const PER_KEY = Math.ceil(API_KEY_REQUESTS_PER_MINUTE * MULTIPLIER);
const GENERATE = Math.ceil(GENERATE_REQUESTS_PER_MINUTE * MULTIPLIER);

let t: TestApp;
let other: TestApp;

beforeAll(async () => {
  const env = { RATE_LIMIT_MULTIPLIER: String(MULTIPLIER) };
  t = await createTestApp({ env });
  other = await createTestApp({ env }); // another API process on the same database
});

async function keyOf(userId: string) {
  const made = await createKey(
    t.database.db,
    userId,
    { name: 'script', scopes: ['generate', 'read'] },
    false,
  );
  return made.key;
}

const read = (key: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url: '/api/v1/modes', headers: { authorization: `Bearer ${key}` } });

/** Counts against the generate budget; the empty body is 400 after the limits. */
const generate = (key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/try-on/generate',
    headers: { authorization: `Bearer ${key}` },
    payload: {},
  });

/**
 * A List of Items (RFC 9651 §3.1) whose items are Strings with Integer parameters, the subset
 * the draft's two fields use here: [name, { param: value }] per item, or a thrown error.
 */
function parseList(field: unknown): [string, Record<string, number>][] {
  if (typeof field !== 'string') throw new Error(`no field: ${String(field)}`);
  const item =
    /^"((?:[\x20-\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"((?:;[a-z*][a-z0-9_.*-]*=-?\d{1,15})*)$/;
  return field.split(/[ \t]*,[ \t]*/).map((member) => {
    const match = item.exec(member);
    if (!match) throw new Error(`not an sf-string item with integer parameters: ${member}`);
    const params = Object.fromEntries(
      (match[2] ?? '')
        .split(';')
        .filter(Boolean)
        .map((p) => {
          const [k = '', v = ''] = p.split('=');
          return [k, Number(v)];
        }),
    );
    return [match[1] ?? '', params];
  });
}

describe('RateLimit fields on Bearer answers', () => {
  it('names the per-key policy, and the route limit beside it, as the draft writes them', async () => {
    const user = await newUser(t);
    const key = await keyOf(user.id);

    const res = await read(key);
    expect(res.statusCode, res.body).toBe(200);
    expect(parseList(res.headers['ratelimit-policy'])).toEqual([
      ['api-key', { q: PER_KEY, w: 60 }],
    ]);
    const [[name, limit] = ['', {}]] = parseList(res.headers.ratelimit);
    expect(name).toBe('api-key');
    expect(limit.r).toBe(PER_KEY - 1);
    expect(limit.t).toBeGreaterThan(0);
    expect(limit.t).toBeLessThanOrEqual(60);

    const gen = await generate(key);
    expect(gen.statusCode, gen.body).toBe(400);
    expect(parseList(gen.headers['ratelimit-policy'])).toEqual([
      ['api-key', { q: PER_KEY, w: 60 }],
      ['generate', { q: GENERATE, w: 60 }],
    ]);
    expect(parseList(gen.headers.ratelimit).map(([n, p]) => [n, p.r])).toEqual([
      ['api-key', PER_KEY - 2],
      ['generate', GENERATE - 1],
    ]);
  });
});

describe('the per-key limit', () => {
  it('answers 429 past the limit, with Retry-After and the error body every limit gives', async () => {
    const user = await newUser(t);
    const key = await keyOf(user.id);
    for (let i = 0; i < PER_KEY; i++) expect((await read(key)).statusCode).toBe(200);

    const refused = await read(key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      error: { code: 'rate_limited', message: expect.stringContaining('API key') as string },
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const [[, limit] = ['', {}]] = parseList(refused.headers.ratelimit);
    expect(limit.r).toBe(0);
    // The draft: Retry-After no earlier than the reset the RateLimit field gives.
    expect(retryAfter).toBeGreaterThanOrEqual(limit.t ?? Infinity);
  });

  it("gives two users' keys budgets of their own", async () => {
    const first = await keyOf((await newUser(t)).id);
    const second = await keyOf((await newUser(t)).id);
    for (let i = 0; i < PER_KEY; i++) await read(first);
    expect((await read(first)).statusCode).toBe(429);
    expect((await read(second)).statusCode).toBe(200);
  });

  it('is one budget for two API processes on one database', async () => {
    const key = await keyOf((await newUser(t)).id);
    const half = Math.floor(PER_KEY / 2);
    for (let i = 0; i < half; i++) expect((await read(key, t.app)).statusCode).toBe(200);
    for (let i = half; i < PER_KEY; i++) expect((await read(key, other.app)).statusCode).toBe(200);
    expect((await read(key, other.app)).statusCode).toBe(429);
    expect((await read(key, t.app)).statusCode).toBe(429);
  });

  it("counts one user's keys against that user's generate budget together", async () => {
    const user = await newUser(t);
    const [first, second] = [await keyOf(user.id), await keyOf(user.id)];
    for (let i = 0; i < GENERATE; i++) expect((await generate(first)).statusCode).toBe(400);
    const refused = await generate(second);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The second key's own budget is untouched by the first key's calls.
    expect(parseList((await read(second)).headers.ratelimit)[0]?.[1].r).toBe(PER_KEY - 2);
  });
});
