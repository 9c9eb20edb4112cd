import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, postUpload, productPhoto, waitUntil } from '../../../test/generation-helpers';
import { createSeededApp } from '../../../test/generation-helpers';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../../../test/harness';
import { apiKeys } from '../../db/schema';

/*
 * Personal API keys (issue 35): made, listed and revoked with a session only; a key calls the work
 * surface (uploads, generate calls, reads) as `Authorization: Bearer`, without cookies or Origin,
 * within its scopes, never the account's own routes.
 */

let t: TestApp;
let owner: { cookie: string; id: string };

beforeAll(async () => {
  t = await createSeededApp('studio-api-keys-', { worker: true });
  owner = await newUser(t, { credits: 20 });
});

function makeKey(cookie: string, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: { cookie, origin: TEST_ORIGIN },
    payload: body as Record<string, unknown>,
  });
}

async function keyFor(
  user: { cookie: string },
  scopes: string[] = ['generate', 'read'],
): Promise<{ id: string; key: string; prefix: string }> {
  const res = await makeKey(user.cookie, { name: `key ${randomBytes(2).toString('hex')}`, scopes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A call as a seller's script makes it: the key, no cookie, no Origin. */
function withKey(
  key: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const uploadWithKey = (key: string, body: Buffer) =>
  postUpload(t.app, { authorization: `Bearer ${key}` }, body);

describe('managing keys (session only)', () => {
  it('answers a new key once, lists it by prefix and scopes, and stores only its hash', async () => {
    const made = await keyFor(owner, ['read']);

    expect(made.key).toMatch(/^sk_test_[0-9A-Za-z]{43}$/);
    expect(made.key.startsWith(made.prefix)).toBe(true);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/api-keys',
      headers: { cookie: owner.cookie },
    });
    const listed = list.json<{ keys: Record<string, unknown>[] }>().keys;
    expect(listed.find((key) => key.id === made.id)).toEqual({
      id: made.id,
      name: expect.stringMatching(/^key /) as unknown,
      prefix: made.prefix,
      scopes: ['read'],
      createdAt: expect.any(String) as unknown,
      lastUsedAt: null,
    });
    expect(list.body).not.toContain(made.key);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(row?.keyHash).toBe(createHash('sha256').update(made.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.key.slice(made.prefix.length));
  });

  it('refuses an eleventh live key, and takes one again after a revocation', async () => {
    const user = await newUser(t);
    const keys = [];
    for (let i = 0; i < 10; i++) keys.push(await keyFor(user));

    const eleventh = await makeKey(user.cookie, { name: 'one more', scopes: ['read'] });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({ error: { code: 'too_many_keys' } });

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${keys[0]?.id ?? ''}`,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
    });
    expect(revoked.statusCode).toBe(204);
    expect((await makeKey(user.cookie, { name: 'one more', scopes: ['read'] })).statusCode).toBe(
      201,
    );
  });

  it('refuses a bad name or scope list with a clear message, and keeps nothing', async () => {
    const user = await newUser(t);
    for (const body of [
      { name: '', scopes: ['read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['read', 'read'] },
    ]) {
      const res = await makeKey(user.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/api-keys',
      headers: { cookie: user.cookie },
    });
    expect(list.json<{ keys: unknown[] }>().keys).toEqual([]);
  });

  it("answers 404 for another user's key id, and never lets a key manage keys", async () => {
    const mine = await keyFor(owner);
    const other = await newUser(t);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${mine.id}`,
      headers: { cookie: other.cookie, origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(404);

    for (const [method, url] of [
      ['POST', '/api/v1/api-keys'],
      ['GET', '/api/v1/api-keys'],
      ['DELETE', `/api/v1/api-keys/${mine.id}`],
      ['POST', '/api/v1/user/profile-details'],
    ] as const) {
      const call = await withKey(mine.key, method, url, method === 'POST' ? {} : undefined);
      expect(call.statusCode, url).toBe(403);
    }
  });
});

describe('calling the work surface with a key', () => {
  it('uploads, generates and reads without a cookie or an Origin header', async () => {
    const { key } = await keyFor(owner);
    const upload = await uploadWithKey(key, await productPhoto(240, 300));
    expect(upload.statusCode, upload.body).toBe(200);
    const imageUrl = upload.json<{ url: string }>().url;

    const upscale = await withKey(key, 'POST', '/api/v1/upscaler?wait=60', {
      imageUrl,
      upscaleFactor: '2x',
    });
    expect(upscale.statusCode, upscale.body).toBe(200);
    const { generationId } = upscale.json<{ generationId: string }>();

    const read = await withKey(key, 'GET', `/api/v1/generations/${generationId}`);
    expect(read.json()).toMatchObject({ generation: { status: 'succeeded' } });
    const credits = await withKey(key, 'POST', '/api/v1/user/credits', { userId: owner.id });
    expect(credits.statusCode).toBe(200);
  });

  it('is 403 without the scope a call needs, and for a userId that is not the owner', async () => {
    const readOnly = await keyFor(owner, ['read']);
    const refused = await withKey(readOnly.key, 'POST', '/api/v1/upscaler', {
      imageUrl: '/api/v1/media/x',
      upscaleFactor: '2x',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/"generate"/);

    const { key } = await keyFor(owner);
    const other = await newUser(t);
    const foreign = await withKey(key, 'POST', '/api/v1/credits/estimate', {
      feature: 'upscaler',
      userId: other.id,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('is 401 for an unknown or malformed key, and 400 beside a session cookie', async () => {
    const unknown = `sk_test_${'A'.repeat(43)}`;
    expect((await withKey(unknown, 'POST', '/api/v1/user/credits', {})).statusCode).toBe(401);
    expect((await withKey('not-a-key', 'POST', '/api/v1/user/credits', {})).statusCode).toBe(401);
    const { key } = await keyFor(owner);
    const both = await withKey(
      key,
      'POST',
      '/api/v1/user/credits',
      {},
      {
        cookie: owner.cookie,
      },
    );
    expect(both.statusCode).toBe(400);
  });

  it('stops working at once where it was revoked, and on another process within the session cache window', async () => {
    const other = await createTestApp({ env: { SESSION_CACHE_SECONDS: '1' } });
    const { id, key } = await keyFor(owner);
    const onOther = () =>
      other.app.inject({
        method: 'POST',
        url: '/api/v1/user/credits',
        headers: { authorization: `Bearer ${key}` },
        payload: { userId: owner.id },
      });
    expect((await onOther()).statusCode).toBe(200); // now remembered there

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${id}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(revoked.statusCode).toBe(204);
    expect((await withKey(key, 'POST', '/api/v1/user/credits', {})).statusCode).toBe(401);
    await waitUntil('the other process refuses the revoked key', async () => {
      return (await onOther()).statusCode === 401;
    });
  });
});
