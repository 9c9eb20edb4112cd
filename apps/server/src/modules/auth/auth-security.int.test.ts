import { describe, expect, it, vi } from 'vitest';
import { cookieHeader, createTestApp, signUp, TEST_ORIGIN } from '../../../test/harness';
import { authRateLimits } from './auth.routes';
import { passwordHashing } from './password-hashing';

const headers = { origin: TEST_ORIGIN };

describe('sign-in rate limits', () => {
  it('limits one address trying many accounts', async () => {
    const { app } = await createTestApp();
    const attempt = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers,
        remoteAddress: '127.0.0.77',
        payload: { email: `nobody-${i}@example.com`, password: 'whatever password' },
      });
    for (let i = 0; i < authRateLimits.signInPerAddress.max; i++)
      expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(1000)).statusCode).toBe(429);
  });

  it('limits sign-ups and password-reset requests', async () => {
    const { app } = await createTestApp();
    const signUpFrom = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers,
        remoteAddress: '127.0.0.88',
        payload: { name: 'Bulk', email: `bulk-${i}@example.com`, password: 'a long password' },
      });
    for (let i = 0; i < authRateLimits.signUpPerAddress.max; i++)
      expect((await signUpFrom(i)).statusCode).toBe(200);
    expect((await signUpFrom(999)).statusCode).toBe(429);

    const reset = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers,
        payload: { email: 'bulk-1@example.com', redirectTo: '/reset-password' },
      });
    for (let i = 0; i < authRateLimits.resetPerAccount.max; i++)
      expect((await reset()).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(429);
  });
});

describe('account enumeration', () => {
  it('answers an unknown email exactly like a wrong password, with the same password work', async () => {
    const { app } = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
    const { email } = await signUp(app);
    const hash = vi.spyOn(passwordHashing, 'hash');
    const verify = vi.spyOn(passwordHashing, 'verify');
    const attempt = async (who: string) => {
      hash.mockClear();
      verify.mockClear();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers,
        payload: { email: who, password: 'definitely wrong' },
      });
      return { res, runs: hash.mock.calls.length + verify.mock.calls.length };
    };
    try {
      const known = await attempt(email);
      const unknown = await attempt('no-such-user@example.com');
      expect(unknown.res.statusCode).toBe(known.res.statusCode);
      expect(unknown.res.body).toBe(known.res.body);
      // Counted, not timed: one scrypt run on each path is what keeps their times alike.
      expect(known.runs).toBeGreaterThan(0);
      expect(unknown.runs).toBe(known.runs);
    } finally {
      hash.mockRestore();
      verify.mockRestore();
    }
  });

  it('answers a reset request for an unknown email exactly like one for a real account', async () => {
    const { app, mail } = await createTestApp();
    const { email } = await signUp(app);
    const request = (who: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers,
        payload: { email: who, redirectTo: '/reset-password' },
      });
    const real = await request(email);
    const ghost = await request('ghost@example.com');
    expect(ghost.statusCode).toBe(real.statusCode);
    expect(ghost.body).toBe(real.body);
    expect(mail.map((m) => m.to)).toEqual([email]);
  });
});

describe('password policy', () => {
  it('refuses passwords shorter than 8 or longer than 128 characters', async () => {
    const { app } = await createTestApp();
    for (const password of ['1234567', 'x'.repeat(129)]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers,
        payload: { name: 'P', email: `p-${password.length}@example.com`, password },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('uses every character of a long password (no truncation)', async () => {
    const { app } = await createTestApp();
    const long = `${'a'.repeat(99)}Z`;
    const { email } = await signUp(app, { password: long });
    const signIn = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers,
        payload: { email, password },
      });
    expect((await signIn(`${'a'.repeat(99)}Y`)).statusCode).toBe(401);
    expect((await signIn(long)).statusCode).toBe(200);
  });
});

describe('password reset by email', () => {
  it('mails a one-hour link that leads to the reset page, sets the new password and ends old sessions', async () => {
    const { app, mail } = await createTestApp();
    const { email, cookie } = await signUp(app, { name: 'Forgetful Farah' });
    await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers,
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Reset your AI Product Studio password');
    const link = /https?:\/\/\S+/.exec(mail[0]?.text ?? '')?.[0];
    expect(link).toBeDefined();

    const url = new URL(link ?? '');
    const follow = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(follow.statusCode).toBe(302);
    const landing = new URL(String(follow.headers.location), TEST_ORIGIN);
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers,
      payload: { token, newPassword: 'remembered this time' },
    });
    expect(reset.statusCode).toBe(200);
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie },
    });
    expect(session.json()).toEqual({ user: null });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers,
      payload: { email, password: 'remembered this time' },
    });
    expect(signIn.statusCode).toBe(200);
    // The token is single-use.
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers,
      payload: { token, newPassword: 'another one please' },
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('cookies in production', () => {
  it('marks the session cookie Secure, HttpOnly and SameSite=Lax', async () => {
    const { app } = await createTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 'p'.repeat(40),
        PUBLIC_URL: 'https://studio.example.com',
      },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://studio.example.com' },
      payload: { name: 'Prod', email: 'prod@example.com', password: 'a long password' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/__Secure-/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookieHeader(res.headers['set-cookie'])).not.toBe('');
  });
});
