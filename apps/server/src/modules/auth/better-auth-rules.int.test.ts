import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { cookieHeader, createTestApp, signUp, TEST_ORIGIN } from '../../../test/harness';
import { users } from '../../db/schema';
import { passwordHashing } from './password-hashing';

/*
 * Issue 19 item 5: Better Auth's own endpoints bypassed our rules: huge names and `javascript:`
 * image URLs, change-password keeping other sessions, sign-up saying an email is taken, and its
 * 404 and 500 answered outside our error format.
 */

const headers = { origin: TEST_ORIGIN };
let address = 0;

function signUpRaw(app: FastifyInstance, payload: Record<string, unknown>) {
  address += 1;
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers,
    // An address per call: the per-address sign-up limit is not what is tested here.
    remoteAddress: `10.20.${Math.floor(address / 250)}.${address % 250}`,
    payload,
  });
}

function sessionOf(app: FastifyInstance, cookie: string) {
  return app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
}

describe('sign-up takes our bounds', () => {
  it.each([
    ['a 100,000-character name', { name: 'N'.repeat(100_000) }, 'name'],
    ['a javascript: image URL', { image: 'javascript:alert(1)' }, ''],
    ['a blank name', { name: '   ' }, 'name'],
  ])('refuses %s with 400 and stores nothing', async (_what, extra, path) => {
    const { app, database } = await createTestApp();
    const email = `bounds-${String(Math.random()).slice(2)}@example.com`;
    const res = await signUpRaw(app, {
      name: 'Asha',
      email,
      password: 'a long password',
      ...extra,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'validation_failed' } });
    if (path) expect(res.json()).toMatchObject({ error: { details: [{ path }] } });
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe('sign-in and password-reset take our bounds before any limit', () => {
  const longEmail = `${'e'.repeat(400)}@example.com`;
  it.each([
    ['/api/auth/sign-in/email', 'a 400-character email', { email: longEmail, password: 'pw' }],
    [
      '/api/auth/sign-in/email',
      'a 129-character password',
      { email: 'bounds@example.com', password: 'p'.repeat(129) },
    ],
    [
      '/api/auth/sign-in/email',
      'a field Better Auth was never meant to get',
      { email: 'bounds@example.com', password: 'a long password', image: 'x' },
    ],
    ['/api/auth/request-password-reset', 'a 400-character email', { email: longEmail }],
    ['/api/auth/request-password-reset', 'no email', { redirectTo: '/reset-password' }],
  ])('%s refuses %s with 400 and counts nothing', async (url, _what, payload) => {
    const { app, database } = await createTestApp();
    await database.db.execute(sql`DELETE FROM rate_limit_counters`);
    await database.db.execute(sql`DELETE FROM password_attempts`);
    const res = await app.inject({
      method: 'POST',
      url,
      headers,
      remoteAddress: '10.21.0.1',
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'validation_failed' } });
    // Refused before the limits: no counter and no attempt row, so no oversized key either.
    const rows = await database.db.execute<{ n: number }>(
      sql`SELECT (SELECT count(*) FROM rate_limit_counters)::int
               + (SELECT count(*) FROM password_attempts)::int AS n`,
    );
    expect(rows.rows[0]?.n).toBe(0);
  });
});

describe('Better Auth endpoints we do not use are off', () => {
  it.each([
    ['/api/auth/update-user', { name: 'N'.repeat(500_000), image: 'javascript:alert(1)' }],
    ['/api/auth/change-email', { newEmail: 'taken-over@example.com' }],
    [
      '/api/auth/change-password',
      {
        currentPassword: 'correct horse battery',
        newPassword: 'another long password',
        revokeOtherSessions: false,
      },
    ],
  ])('answers %s with 404 in our format and changes nothing', async (url, payload) => {
    const { app } = await createTestApp();
    const { cookie, email } = await signUp(app, { name: 'Kept Name' });
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { ...headers, cookie },
      payload,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
    expect((await sessionOf(app, cookie)).json()).toMatchObject({
      user: { name: 'Kept Name', email },
    });
  });

  it('ends every other session when the password changes (the one way left to change it)', async () => {
    const { app } = await createTestApp();
    const { cookie, email, password } = await signUp(app);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers,
      payload: { email, password },
    });
    const otherCookie = cookieHeader(elsewhere.headers['set-cookie']);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/password',
      headers: { ...headers, cookie },
      payload: { currentPassword: password, newPassword: 'another long password' },
    });
    expect(res.statusCode).toBe(200);
    expect((await sessionOf(app, otherCookie)).json()).toEqual({ user: null });
  });
});

describe('sign-up does not tell whether an email has an account', () => {
  it('answers a taken email like a new one, signs only the new one in and mails the owner', async () => {
    const { app, mail } = await createTestApp();
    const { email, cookie: ownerCookie } = await signUp(app, { name: 'Owner' });
    const fresh = await signUpRaw(app, {
      name: 'Someone',
      email: `fresh-${String(Math.random()).slice(2)}@example.com`,
      password: 'a long password',
    });
    const taken = await signUpRaw(app, {
      name: 'Someone',
      email: email.toUpperCase(),
      password: 'a long password',
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(200);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      user: Object.keys(body.user).sort(),
    });
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    expect(taken.json()).toMatchObject({ token: null, user: { name: 'Someone' } });

    expect((await sessionOf(app, cookieHeader(fresh.headers['set-cookie']))).json()).toMatchObject({
      user: { name: 'Someone' },
    });
    expect(taken.headers['set-cookie']).toBeUndefined();
    // The owner's account and session are untouched; the owner is told.
    expect((await sessionOf(app, ownerCookie)).json()).toMatchObject({ user: { name: 'Owner' } });
    expect(mail.map((m) => m.to)).toContain(email);
  });

  // Counted, not timed: the same number of scrypt runs on both paths is what keeps their times
  // alike, and a count cannot flake on a loaded machine.
  it('does the same password work for a taken email as for a new one', async () => {
    const { app } = await createTestApp();
    const { email } = await signUp(app);
    const hash = vi.spyOn(passwordHashing, 'hash');
    const verify = vi.spyOn(passwordHashing, 'verify');
    const work = async (who: string) => {
      hash.mockClear();
      verify.mockClear();
      const res = await signUpRaw(app, { name: 'T', email: who, password: 'a long password' });
      expect(res.statusCode).toBe(200);
      return { runs: hash.mock.calls.length + verify.mock.calls.length };
    };
    try {
      const fresh = await work(`work-${String(Math.random()).slice(2)}@example.com`);
      const taken = await work(email);
      expect(fresh.runs).toBeGreaterThan(0);
      expect(taken).toEqual(fresh);
    } finally {
      hash.mockRestore();
      verify.mockRestore();
    }
  });
});

describe("Better Auth's errors in our format", () => {
  it('answers an unknown auth endpoint with our 404', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/auth/no-such-endpoint' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
  });

  it('keeps its code and message for a refused sign-in', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers,
      payload: { email: 'nobody@example.com', password: 'wrong password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'invalid_email_or_password', message: 'Invalid email or password' },
    });
  });
});
