import { sessionResponseSchema } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, signUp, TEST_ORIGIN } from '../../../test/harness';

describe('session', () => {
  it('is null without a session cookie', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/v1/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('names the signed-up user and their sign-in provider', async () => {
    const { app } = await createTestApp();
    const { cookie, email } = await signUp(app, { name: 'Priya Shah' });
    const res = await app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
    const { user } = sessionResponseSchema.parse(res.json());
    expect(user).toMatchObject({
      email,
      name: 'Priya Shah',
      image: null,
      providers: ['credential'],
    });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Cookie Check', email: 'cookie@example.com', password: 'long enough pw' },
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('ends the session on sign-out', async () => {
    const { app } = await createTestApp();
    const { cookie } = await signUp(app);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
    expect(res.json()).toEqual({ user: null });
  });

  it('signs an existing user back in with the right password only', async () => {
    const { app } = await createTestApp();
    const { email, password } = await signUp(app);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password },
    });
    expect(right.statusCode).toBe(200);
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: cookieHeader(right.headers['set-cookie']) },
    });
    expect(sessionResponseSchema.parse(res.json()).user?.email).toBe(email);
  });

  it('refuses a state-changing request from another site', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { name: 'X', email: 'x@example.com', password: 'long enough pw' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'forbidden' } });
  });
});
