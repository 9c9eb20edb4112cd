import { describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, signUp, TEST_ORIGIN } from '../../test/harness';

/*
 * Issue 29, finding 1: the Origin check tested the raw URL's `/api/` prefix while the router decodes
 * escapes, so `/%61pi/v1/user/name` renamed a victim from a foreign origin (before: 200), and a
 * password change sent there left other processes' cached sessions warm. Every spelling below
 * reaches (or would reach) a state-changing endpoint.
 */
const RENAME_SPELLINGS = [
  '/%61pi/v1/user/name',
  '/%2561pi/v1/user/name',
  '/api/v1/user/%6eame',
  '/%61%70%69/v1/%75ser/name',
  '/API/v1/user/name',
  '/Api/V1/User/Name',
  '/api/v1/%2e%2e/v1/user/name',
  '/x/%2e%2e/api/v1/user/name',
  '/api/v1/./user/name',
  '/api//v1/user/name',
  '/api/v1/user/name/',
  '/api/v1/user/name?x=1',
];

const foreign = { origin: 'http://localhost:3001', 'sec-fetch-site': 'same-site' };

describe('the Origin check decides on the method, not on how the path is spelled', () => {
  it.each(RENAME_SPELLINGS)('refuses a foreign-origin rename sent to %s', async (url) => {
    const { app } = await createTestApp();
    const victim = await signUp(app, { name: 'Victim' });
    const res = await app.inject({
      method: 'PUT',
      url,
      headers: { ...foreign, cookie: victim.cookie },
      payload: { name: 'Pwned' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: victim.cookie },
    });
    expect(me.json()).toMatchObject({ user: { name: 'Victim' } });
  });

  it('still lets our own origin rename through the router-decoded spelling', async () => {
    const { app } = await createTestApp();
    const user = await signUp(app, { name: 'Before' });
    const res = await app.inject({
      method: 'PUT',
      url: '/%61pi/v1/user/name',
      headers: { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin', cookie: user.cookie },
      payload: { name: 'After' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a bodyless foreign cancel and a foreign multipart upload under an escaped prefix', async () => {
    const { app } = await createTestApp();
    const victim = await signUp(app);
    const cancel = await app.inject({
      method: 'POST',
      url: '/%61pi/v1/generations/gen_xxxxxxxxxxxxxxxx/cancel',
      headers: { ...foreign, cookie: victim.cookie },
    });
    expect(cancel.statusCode).toBe(403);
    const boundary = 'b0undary';
    const upload = await app.inject({
      method: 'POST',
      url: '/%61pi/v1/uploads',
      headers: {
        ...foreign,
        cookie: victim.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nx\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode).toBe(403);
  });
});

describe('cached sessions are forgotten by the endpoint that ran, not the URL as spelled', () => {
  it('a password change sent to /%61pi/… ends the other session on this process at once', async () => {
    const { app } = await createTestApp({ env: { SESSION_CACHE_SECONDS: '300' } });
    const first = await signUp(app);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.9.9.9',
      headers: { origin: TEST_ORIGIN },
      payload: { email: first.email, password: first.password },
    });
    expect(signIn.statusCode).toBe(200);
    const other = cookieHeader(signIn.headers['set-cookie']);
    const otherSession = () =>
      app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: other } });
    // Seen once, so the other session is now cached on this process.
    expect((await otherSession()).json()).toMatchObject({ user: { email: first.email } });

    const change = await app.inject({
      method: 'POST',
      url: '/%61pi/v1/user/password',
      headers: { origin: TEST_ORIGIN, cookie: first.cookie },
      payload: { currentPassword: first.password, newPassword: 'another horse battery' },
    });
    expect(change.statusCode).toBe(200);
    expect((await otherSession()).json()).toEqual({ user: null });
  });
});
