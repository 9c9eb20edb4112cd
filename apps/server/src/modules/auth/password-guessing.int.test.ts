import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createTestApp,
  signUp,
  TEST_ORIGIN,
  type TestApp,
} from '../../../test/harness';
import { DEVICE_COOKIE } from '../rate-limits/device-cookie';
import { PASSWORD_ACCOUNT_CEILING, PASSWORD_ATTEMPTS } from '../rate-limits/password-attempts';
import { authRateLimits } from './auth.routes';

/*
 * Issue 19 item 4: sign-in locked the owner out for 15 minutes after 5 wrong tries from anyone,
 * and the password checks with a session had no limit at all. Then attempts were spaced out per
 * account, which a guesser taking every opening turned into a lockout again. Now each client (an
 * address, or the owner's known browser) is spaced out on its own, under a looser per-account
 * ceiling that a known browser never meets, and each address is limited.
 */

const headers = { origin: TEST_ORIGIN };
const { free, maxDelaySeconds } = PASSWORD_ATTEMPTS;

/** Moves every client's last attempt `seconds` into the past, as if the caller had waited. */
async function wait(t: TestApp, seconds: number) {
  await t.database.db.execute(
    sql`UPDATE password_attempts SET last_at = last_at - make_interval(secs => ${seconds})`,
  );
}

/**
 * Dates every client's last attempt now: the next request is then 'early' however long the tries
 * before it took (a 1 s spacing, where a busy machine can spend over a second on five tries).
 */
async function justTried(t: TestApp) {
  await t.database.db.execute(sql`UPDATE password_attempts SET last_at = clock_timestamp()`);
}

/** Ends the per-address sign-in windows, for tests that need more tries than one window holds. */
async function newAddressWindow(t: TestApp) {
  await t.database.db.execute(
    sql`DELETE FROM rate_limit_counters WHERE key LIKE 'sign-in-address:%'`,
  );
}

function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  address: string,
  cookie?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: cookie ? { ...headers, cookie } : headers,
    remoteAddress: address,
    payload: { email, password },
  });
}

/** The device cookie a sign-in set, as a Cookie header. */
function deviceCookie(res: { headers: Record<string, unknown> }): string {
  const setCookie = res.headers['set-cookie'];
  const list = (Array.isArray(setCookie) ? setCookie : [setCookie]).filter(
    (c): c is string => typeof c === 'string' && c.startsWith(`${DEVICE_COOKIE}=`),
  );
  return cookieHeader(list);
}

describe('password guessing on sign-in', () => {
  it('lets the owner in at once while a guesser takes every opening from one address', async () => {
    const t = await createTestApp();
    const { email, password } = await signUp(t.app);
    // An earlier visit: the owner's browser became known to this account.
    const device = deviceCookie(await signIn(t.app, email, password, '10.3.8.8'));
    const guesser = '10.3.0.1';
    for (let i = 0; i < free; i++)
      expect((await signIn(t.app, email, 'wrong password', guesser)).statusCode).toBe(401);
    for (let opening = 0; opening < 3; opening++) {
      // Coming back at once is refused, however long the tries before took on a busy machine.
      await justTried(t);
      expect((await signIn(t.app, email, 'wrong password', guesser)).statusCode).toBe(429);
      await wait(t, maxDelaySeconds);
      // The guesser takes the opening the moment it comes...
      expect((await signIn(t.app, email, 'wrong password', guesser)).statusCode).toBe(401);
      // ...and the owner still gets in straight away: from a new browser elsewhere, and from the
      // known browser behind the guesser's own address (one office, one carrier NAT).
      expect((await signIn(t.app, email, password, `10.3.9.${opening}`)).statusCode).toBe(200);
      expect((await signIn(t.app, email, password, guesser, device)).statusCode).toBe(200);
    }
    await justTried(t);
    expect((await signIn(t.app, email, 'wrong password', guesser)).statusCode).toBe(429);
  });

  it('spaces one client out after 5 wrong tries, a second at first, and a right password resets it', async () => {
    const t = await createTestApp();
    const { email, password } = await signUp(t.app);
    for (let i = 0; i < free; i++)
      expect((await signIn(t.app, email, 'wrong password', '10.4.0.1')).statusCode).toBe(401);
    await justTried(t);
    const early = await signIn(t.app, email.toUpperCase(), password, '10.4.0.1');
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBe(1);
    expect(early.json()).toMatchObject({ success: false, error: { code: 'rate_limited' } });
    expect(early.json<{ error: { message: string } }>().error.message).toMatch(/try again in/i);

    await wait(t, 1);
    expect((await signIn(t.app, email, password, '10.4.0.1')).statusCode).toBe(200);
    // The right password starts the count again: the next typo is not made to wait.
    expect((await signIn(t.app, email, 'typo password', '10.4.0.1')).statusCode).toBe(401);
  });

  it('doubles the wait after each further try but never asks for more than a minute', async () => {
    const t = await createTestApp();
    const { email, password } = await signUp(t.app);
    const waits: number[] = [];
    for (let i = 0; i < free + 12; i++) {
      await justTried(t);
      const res = await signIn(t.app, email, 'wrong password', '10.5.0.1');
      if (res.statusCode === 429) {
        waits.push(Number(res.headers['retry-after']));
        await wait(t, maxDelaySeconds);
        await newAddressWindow(t);
        expect((await signIn(t.app, email, 'wrong password', '10.5.0.1')).statusCode).toBe(401);
      } else expect(res.statusCode).toBe(401);
    }
    expect(waits.slice(0, 7)).toEqual([1, 2, 4, 8, 16, 32, 60]);
    expect(Math.max(...waits)).toBe(maxDelaySeconds);
    await wait(t, maxDelaySeconds);
    expect((await signIn(t.app, email, password, '10.5.0.1')).statusCode).toBe(200);
  });

  it('answers an unknown email like a real one, waits included', async () => {
    const t = await createTestApp();
    const { email } = await signUp(t.app);
    for (const [n, who] of [email, 'nobody-here@example.com'].entries()) {
      for (let i = 0; i < free; i++)
        expect((await signIn(t.app, who, 'wrong password', `10.6.${n}.1`)).statusCode).toBe(401);
      await justTried(t);
      expect((await signIn(t.app, who, 'wrong password', `10.6.${n}.1`)).statusCode).toBe(429);
    }
  });

  it('lets parallel guesses from one client through one opening only', async () => {
    const t = await createTestApp();
    const { email } = await signUp(t.app);
    for (let i = 0; i < free; i++) await signIn(t.app, email, 'wrong password', '10.7.0.1');
    await wait(t, maxDelaySeconds);
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => signIn(t.app, email, 'wrong password', '10.7.0.1')),
    );
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes).toEqual([401, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('caps guesses spread over many addresses per account, but never the known browser', async () => {
    const t = await createTestApp();
    const { email, password } = await signUp(t.app);
    const device = deviceCookie(await signIn(t.app, email, password, '10.2.8.8'));
    expect((await signIn(t.app, email, 'wrong password', '10.2.0.1')).statusCode).toBe(401);
    // As if the rest of the hour's ceiling had been spent from as many addresses.
    await t.database.db.execute(
      sql`UPDATE rate_limit_counters SET count = ${PASSWORD_ACCOUNT_CEILING.max}
          WHERE key = ${`password-account:${email.toLowerCase()}`}`,
    );
    const capped = await signIn(t.app, email, 'wrong password', '10.2.0.2');
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(60);
    expect((await signIn(t.app, email, password, '10.2.0.3')).statusCode).toBe(429);
    expect((await signIn(t.app, email, password, '10.2.0.3', device)).statusCode).toBe(200);
  });

  it('does not take a device cookie signed for another account', async () => {
    const t = await createTestApp();
    const mine = await signUp(t.app);
    const victim = await signUp(t.app);
    const myDevice = deviceCookie(await signIn(t.app, mine.email, mine.password, '10.1.0.1'));
    for (let i = 0; i < free; i++)
      expect(
        (await signIn(t.app, victim.email, 'wrong password', '10.1.0.1', myDevice)).statusCode,
      ).toBe(401);
    // Counted on the address like any stranger's attempts: the guesser's own cookie buys nothing.
    await justTried(t);
    expect((await signIn(t.app, victim.email, 'wrong password', '10.1.0.1')).statusCode).toBe(429);
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

  it('spaces out wrong current passwords on /api/v1/user/password, shared with sign-in from that client', async () => {
    const t = await createTestApp();
    const { cookie, email, password } = await signUp(t.app);
    for (let i = 0; i < free; i++)
      expect((await changePassword(t.app, cookie, 'wrong password', '10.8.0.1')).statusCode).toBe(
        400,
      );
    await justTried(t);
    const early = await changePassword(t.app, cookie, password, '10.8.0.1');
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBe(1);
    // The same client's budget (the browser known since sign-up): its sign-in waits too, a
    // stranger's elsewhere does not.
    await justTried(t);
    expect((await signIn(t.app, email, password, '10.8.0.1', cookie)).statusCode).toBe(429);
    expect((await signIn(t.app, email, password, '10.8.9.9')).statusCode).toBe(200);
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

describe('one 429 for every auth and password limit', () => {
  it("answers sign-in's and /user/password's per-address limits alike", async () => {
    const t = await createTestApp();
    const { cookie, email } = await signUp(t.app);
    const address = '10.11.0.1';
    const changePassword = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/password',
        headers: { ...headers, cookie },
        remoteAddress: address,
        payload: { currentPassword: 'wrong password', newPassword: 'a brand new password' },
      });
    // The session's cookie is its own client for the spacing; the address is what is limited.
    expect((await signIn(t.app, email, 'wrong password', address)).statusCode).toBe(401);
    expect((await changePassword()).statusCode).toBe(400);
    // Both windows spent, with the same time left.
    await t.database.db.execute(
      sql`UPDATE rate_limit_counters
          SET count = 1000, expires_at = clock_timestamp() + interval '10 minutes'
          WHERE key IN (${`sign-in-address:ip:${address}`}, ${`password-address:${address}`})`,
    );
    const viaSignIn = await signIn(t.app, email, 'wrong password', address);
    const viaPassword = await changePassword();
    const shape = (res: Awaited<ReturnType<typeof changePassword>>) => ({
      status: res.statusCode,
      headers: Object.keys(res.headers)
        .filter((name) => !['date', 'x-request-id', 'content-length'].includes(name))
        .sort(),
      body: res.json<unknown>(),
    });
    expect(shape(viaSignIn)).toMatchObject({
      status: 429,
      body: {
        error: {
          code: 'rate_limited',
          message: 'Too many attempts. Please try again in 10 minutes.',
        },
      },
    });
    expect(shape(viaPassword)).toEqual(shape(viaSignIn));
  });
});
