import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../../test/harness';
import { PASSWORD_ATTEMPTS } from '../rate-limits/password-attempts';
import { authRateLimits } from './auth.routes';

/*
 * Issue 19 item 4: sign-in locked the owner out for 15 minutes after 5 wrong tries from anyone,
 * and the password checks with a session had no limit at all. Now each account's attempts are
 * spaced out (never more than a minute apart) and each address is limited.
 */

const headers = { origin: TEST_ORIGIN };
const { free, maxDelaySeconds } = PASSWORD_ATTEMPTS;

/** Moves every account's last attempt `seconds` into the past, as if the caller had waited. */
async function wait(t: TestApp, seconds: number) {
  await t.database.db.execute(
    sql`UPDATE password_attempts SET last_at = last_at - make_interval(secs => ${seconds})`,
  );
}

function signIn(app: FastifyInstance, email: string, password: string, address: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers,
    remoteAddress: address,
    payload: { email, password },
  });
}

describe('password guessing on sign-in', () => {
  it('keeps the owner at most a second away after 5 wrong tries from other addresses', async () => {
    const t = await createTestApp();
    const { email, password } = await signUp(t.app);
    for (let i = 0; i < free; i++)
      expect((await signIn(t.app, email, 'wrong password', `10.4.0.${i + 1}`)).statusCode).toBe(
        401,
      );
    const early = await signIn(t.app, email.toUpperCase(), password, '10.4.9.9');
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBe(1);
    expect(early.json()).toMatchObject({ success: false, error: { code: 'rate_limited' } });
    expect(early.json<{ error: { message: string } }>().error.message).toMatch(/try again in/i);

    await wait(t, 1);
    expect((await signIn(t.app, email, password, '10.4.9.9')).statusCode).toBe(200);
    // The right password starts the count again: the next typo is not made to wait.
    expect((await signIn(t.app, email, 'typo password', '10.4.9.9')).statusCode).toBe(401);
  });

  it('doubles the wait after each further try but never asks for more than a minute', async () => {
    const t = await createTestApp();
    const { email, password } = await signUp(t.app);
    const waits: number[] = [];
    for (let i = 0; i < free + 12; i++) {
      const res = await signIn(t.app, email, 'wrong password', `10.5.${i}.1`);
      if (res.statusCode === 429) {
        waits.push(Number(res.headers['retry-after']));
        await wait(t, maxDelaySeconds);
        expect((await signIn(t.app, email, 'wrong password', `10.5.${i}.2`)).statusCode).toBe(401);
      } else expect(res.statusCode).toBe(401);
    }
    expect(waits.slice(0, 7)).toEqual([1, 2, 4, 8, 16, 32, 60]);
    expect(Math.max(...waits)).toBe(maxDelaySeconds);
    await wait(t, maxDelaySeconds);
    expect((await signIn(t.app, email, password, '10.5.99.1')).statusCode).toBe(200);
  });

  it('answers an unknown email like a real one, waits included', async () => {
    const t = await createTestApp();
    const { email } = await signUp(t.app);
    for (const who of [email, 'nobody-here@example.com']) {
      for (let i = 0; i < free; i++)
        expect((await signIn(t.app, who, 'wrong password', `10.6.0.${i}`)).statusCode).toBe(401);
      expect((await signIn(t.app, who, 'wrong password', '10.6.1.1')).statusCode).toBe(429);
    }
  });

  it('lets parallel guesses through one opening only', async () => {
    const t = await createTestApp();
    const { email } = await signUp(t.app);
    for (let i = 0; i < free; i++) await signIn(t.app, email, 'wrong password', `10.7.0.${i}`);
    await wait(t, maxDelaySeconds);
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signIn(t.app, email, 'wrong password', `10.7.1.${i}`)),
    );
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes).toEqual([401, 429, 429, 429, 429, 429, 429, 429]);
  });
});

describe('password guessing with a session', () => {
  function changePassword(app: FastifyInstance, cookie: string, current: string, address: string) {
    return app.inject({
      method: 'POST',
      url: '/api/v1/user/password',
      headers: { ...headers, cookie },
      remoteAddress: address,
      payload: { currentPassword: current, newPassword: 'a brand new password' },
    });
  }

  it('spaces out wrong current passwords on /api/v1/user/password, shared with sign-in', async () => {
    const t = await createTestApp();
    const { cookie, email, password } = await signUp(t.app);
    for (let i = 0; i < free; i++)
      expect((await changePassword(t.app, cookie, 'wrong password', '10.8.0.1')).statusCode).toBe(
        400,
      );
    const early = await changePassword(t.app, cookie, password, '10.8.0.1');
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBe(1);
    // The same account's budget: sign-in from elsewhere waits too.
    expect((await signIn(t.app, email, password, '10.8.9.9')).statusCode).toBe(429);
    await wait(t, 1);
    expect((await changePassword(t.app, cookie, password, '10.8.0.1')).statusCode).toBe(200);
  });

  it('limits one address on /api/v1/user/password even once the account may try again', async () => {
    const t = await createTestApp();
    const { cookie } = await signUp(t.app);
    for (let i = 0; i < authRateLimits.passwordPerAddress.max; i++) {
      await wait(t, maxDelaySeconds);
      expect((await changePassword(t.app, cookie, 'wrong password', '10.9.0.1')).statusCode).toBe(
        400,
      );
    }
    await wait(t, maxDelaySeconds);
    const limited = await changePassword(t.app, cookie, 'wrong password', '10.9.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
  });

  it.each(['/api/auth/verify-password', '/api/auth/change-password'])(
    'turns off %s, which the web never calls and which had no limit',
    async (url) => {
      const t = await createTestApp();
      const { cookie, password } = await signUp(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, cookie },
        payload: { password, currentPassword: password, newPassword: 'another long password' },
      });
      expect(res.statusCode).toBe(404);
    },
  );
});
