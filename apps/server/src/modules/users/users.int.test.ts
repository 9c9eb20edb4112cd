import { profileDetailsResponseSchema, registerResponseSchema } from '@studio/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import * as credits from '../credits/credits.service';
import { cookieHeader, createTestApp, signUp, TEST_ORIGIN } from '../../../test/harness';

const json = { origin: TEST_ORIGIN };

describe('POST /user/register', () => {
  it('is idempotent: concurrent and repeated calls leave one profile with the same data', async () => {
    const { app, database } = await createTestApp();
    const { cookie } = await signUp(app, { name: 'Leela Nair' });
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie },
    });
    const userId = session.json<{ user: { id: string } }>().user.id;
    const call = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        headers: { cookie, ...json },
        payload: {
          userId,
          emailId: 'ignored@example.com',
          name: 'Someone Else',
          profileUrl: '',
          timestamp: new Date().toISOString(),
        },
      });
    const results = await Promise.all([call(), call(), call()]);
    const bodies = results.map((r) => registerResponseSchema.parse(r.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b.data))).size).toBe(1);
    expect(bodies[0]?.data).toMatchObject({
      uid: userId,
      name: 'Leela Nair',
      accountType: 'Standard User',
      credits: 5,
    });
    const rows = await database.db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(rows).toHaveLength(1);
  });

  it('creates a missing profile with the spec fallbacks: display name, else email local part', async () => {
    const { app, database } = await createTestApp();
    const { cookie, email } = await signUp(app, { name: 'Temp' });
    const userId = (
      await app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } })
    ).json<{
      user: { id: string };
    }>().user.id;
    await database.db.delete(profiles).where(eq(profiles.userId, userId));
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      headers: { cookie, ...json },
      payload: { userId, emailId: email, name: '   ', profileUrl: '' },
    });
    const body = registerResponseSchema.parse(res.json());
    expect(body.created).toBe(true);
    // A blank name falls back to the account's own name.
    expect(body.data.name).toBe('Temp');
    expect(body.data.emailId).toBe(email);
  });
});

async function signedIn(app: Awaited<ReturnType<typeof createTestApp>>['app'], name = 'Dev Patel') {
  const user = await signUp(app, { name });
  const session = await app.inject({
    method: 'GET',
    url: '/api/v1/session',
    headers: { cookie: user.cookie },
  });
  return { ...user, userId: session.json<{ user: { id: string } }>().user.id };
}

const userIdRoutes = [
  ['POST', '/api/v1/user/register'],
  ['POST', '/api/v1/user/profile-details'],
  ['PUT', '/api/v1/user/profile'],
  ['POST', '/api/v1/user/credits'],
  ['POST', '/api/v1/user/delete-account'],
] as const;

describe('authorization on user routes', () => {
  it.each(userIdRoutes)('%s %s refuses another user id with 403', async (method, url) => {
    const { app } = await createTestApp();
    const me = await signedIn(app, 'Me');
    const other = await signedIn(app, 'Other');
    const res = await app.inject({
      method,
      url,
      headers: { cookie: me.cookie, ...json },
      payload: { userId: other.userId },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'forbidden' } });
    // The other account is untouched.
    const theirs = await app.inject({
      method: 'POST',
      url: '/api/v1/user/profile-details',
      headers: { cookie: other.cookie, ...json },
      payload: { userId: other.userId },
    });
    expect(theirs.statusCode).toBe(200);
  });

  it('PUT /user/name refuses another user id with 403 and renames nobody', async () => {
    const { app } = await createTestApp();
    const me = await signedIn(app, 'Me');
    const other = await signedIn(app, 'Other');
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/user/name',
      headers: { cookie: me.cookie, ...json },
      payload: { userId: other.userId, name: 'Renamed' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'forbidden' } });
    for (const user of [me, other]) {
      const session = await app.inject({
        method: 'GET',
        url: '/api/v1/session',
        headers: { cookie: user.cookie },
      });
      expect(session.json()).toMatchObject({ user: { name: user === me ? 'Me' : 'Other' } });
    }
  });

  it.each([
    ...userIdRoutes,
    ['PUT', '/api/v1/user/name'],
    ['POST', '/api/v1/user/password'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const { app } = await createTestApp();
    const res = await app.inject({
      method,
      url,
      headers: json,
      payload: { userId: 'x', name: 'n', currentPassword: 'a', newPassword: 'abcdefgh' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'unauthorized' } });
  });

  it('keeps health, session and the provider list public', async () => {
    const { app } = await createTestApp();
    for (const url of ['/api/v1/health', '/api/v1/session', '/api/v1/auth/providers']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/providers' })).json()).toEqual({
      google: false,
      email: true,
    });
  });
});

describe('profile', () => {
  it('reports missing company and phone until they are filled', async () => {
    const { app } = await createTestApp();
    const me = await signedIn(app);
    const details = async () =>
      profileDetailsResponseSchema.parse(
        (
          await app.inject({
            method: 'POST',
            url: '/api/v1/user/profile-details',
            headers: { cookie: me.cookie, ...json },
            payload: { userId: me.userId },
          })
        ).json(),
      );
    expect((await details()).missingFields).toEqual({ companyName: true, phoneNumber: true });
    await app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile',
      headers: { cookie: me.cookie, ...json },
      payload: { userId: me.userId, companyName: '  Nair Textiles  ' },
    });
    const after = await details();
    expect(after.missingFields).toEqual({ companyName: false, phoneNumber: true });
    expect(after.data.companyName).toBe('Nair Textiles');
    expect(after.data.lastSignIn).not.toBeNull();
  });

  it('drops undefined and null fields and reports only the fields that changed', async () => {
    const { app } = await createTestApp();
    const me = await signedIn(app, 'Dev Patel');
    const put = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/user/profile',
        headers: { cookie: me.cookie, ...json },
        payload: { userId: me.userId, ...payload },
      });
    const first = await put({
      name: 'Dev Patel',
      companyName: null,
      phoneNumber: '+91 98765 43210',
    });
    expect(first.json()).toMatchObject({
      updated: ['phoneNumber'],
      // Stored in E.164 (ADR 050), so the same number typed differently is no change.
      data: { name: 'Dev Patel', companyName: '', phoneNumber: '+919876543210' },
    });
    const second = await put({ phoneNumber: '+91 9876543210' });
    expect(second.json()).toMatchObject({ updated: [] });
    const renamed = await put({ name: 'Devendra Patel' });
    expect(renamed.json()).toMatchObject({ updated: ['name'], data: { name: 'Devendra Patel' } });
    // The account name follows, so every screen agrees.
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: me.cookie },
    });
    expect(session.json()).toMatchObject({ user: { name: 'Devendra Patel' } });
  });

  it('refuses a phone number that is not one, and clears it with an empty one', async () => {
    const { app } = await createTestApp();
    const me = await signedIn(app);
    const put = (phoneNumber: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/user/profile',
        headers: { cookie: me.cookie, ...json },
        payload: { userId: me.userId, phoneNumber },
      });
    for (const bad of ['12ab', '+91 98765', '98765 43210 ext 4']) {
      const res = await put(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(JSON.stringify(res.json())).toContain(
        'Enter a phone number with its country code, like +91 98765 43210.',
      );
    }
    expect((await put('+1 415 555 2671')).json()).toMatchObject({
      data: { phoneNumber: '+14155552671' },
    });
    expect((await put('')).json()).toMatchObject({
      updated: ['phoneNumber'],
      data: { phoneNumber: '' },
    });
  });

  it('refuses a blank name', async () => {
    const { app } = await createTestApp();
    const me = await signedIn(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile',
      headers: { cookie: me.cookie, ...json },
      payload: { userId: me.userId, name: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it('changes the name from Settings', async () => {
    const { app } = await createTestApp();
    const me = await signedIn(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/user/name',
      headers: { cookie: me.cookie, ...json },
      payload: { name: ' Asha Rao ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { name: 'Asha Rao' } });
  });
});

describe('POST /user/credits', () => {
  it('answers the balance of the signed-in user: the 5 welcome credits for a new account', async () => {
    const { app, database } = await createTestApp();
    const me = await signedIn(app);
    const read = async (): Promise<unknown> =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/user/credits',
          headers: { cookie: me.cookie, ...json },
          payload: { userId: me.userId },
        })
      ).json();
    expect(await read()).toEqual({ success: true, credits: 5 });
    await credits.adjust(database.db, { userId: me.userId, amount: 2, reason: 'test', key: 'k1' });
    expect(await read()).toEqual({ success: true, credits: 7 });
  });
});

describe('POST /user/password', () => {
  it('needs the current password, then ends every other session and keeps this one', async () => {
    const { app } = await createTestApp();
    const me = await signedIn(app);
    const otherDevice = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: { email: me.email, password: me.password },
    });
    const otherCookie = cookieHeader(otherDevice.headers['set-cookie']);

    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v1/user/password',
      headers: { cookie: me.cookie, ...json },
      payload: { currentPassword: 'not my password', newPassword: 'a brand new password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: 'invalid_password' } });

    const right = await app.inject({
      method: 'POST',
      url: '/api/v1/user/password',
      headers: { cookie: me.cookie, ...json },
      payload: { currentPassword: me.password, newPassword: 'a brand new password' },
    });
    expect(right.statusCode).toBe(200);
    const newCookie = cookieHeader(right.headers['set-cookie']);
    const sessionOf = async (cookie: string) =>
      (await app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } })).json<{
        user: unknown;
      }>().user;
    expect(await sessionOf(otherCookie)).toBeNull();
    expect(await sessionOf(newCookie)).toMatchObject({ email: me.email });

    const signIn = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: json,
        payload: { email: me.email, password },
      });
    expect((await signIn(me.password)).statusCode).toBe(401);
    expect((await signIn('a brand new password')).statusCode).toBe(200);
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const { app } = await createTestApp();
    const me = await signedIn(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/password',
      headers: { cookie: me.cookie, ...json },
      payload: { currentPassword: me.password, newPassword: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });
});

describe('POST /user/delete-account', () => {
  it('erases the account, its sessions, credentials and profile, after the registered erasers ran; the ledger stays', async () => {
    const erased: string[] = [];
    const { app, database } = await createTestApp({
      accountErasers: [
        async (userId) => {
          erased.push(userId);
        },
      ],
    });
    const me = await signedIn(app, 'Gone Soon');
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/delete-account',
      headers: { cookie: me.cookie, ...json },
      payload: { userId: me.userId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your account has been deleted.' });
    expect(erased).toEqual([me.userId]);

    // No row anywhere still names the user or their email.
    const leftovers = await database.db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM users WHERE id = ${me.userId} OR email = ${me.email})
           + (SELECT count(*) FROM sessions WHERE user_id = ${me.userId})
           + (SELECT count(*) FROM accounts WHERE user_id = ${me.userId})
           + (SELECT count(*) FROM profiles WHERE user_id = ${me.userId})
           + (SELECT count(*) FROM verifications WHERE identifier LIKE ${`%${me.email}%`}) AS n`);
    expect(Number(leftovers.rows[0]?.n)).toBe(0);
    // Accounting records are kept under the opaque id, with no name or email (ADR 008).
    expect(await credits.balanceOf(database.db, me.userId)).toBe(5);
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: me.cookie },
    });
    expect(session.json()).toEqual({ user: null });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: { email: me.email, password: me.password },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('keeps the account when an eraser fails', async () => {
    const { app } = await createTestApp({
      accountErasers: [
        async () => {
          throw new Error('storage unavailable');
        },
      ],
    });
    const me = await signedIn(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/delete-account',
      headers: { cookie: me.cookie, ...json },
      payload: { userId: me.userId },
    });
    expect(res.statusCode).toBe(500);
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: me.cookie },
    });
    expect(session.json()).toMatchObject({ user: { email: me.email } });
  });
});
