import { profileDetailsResponseSchema } from '@studio/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, TEST_ORIGIN } from '../../../test/harness';
import { startMockGoogle } from '../../../test/mock-google';

const CLIENT_ID = 'studio-test-client';
let google: Awaited<ReturnType<typeof startMockGoogle>>;

beforeAll(async () => {
  google = await startMockGoogle(CLIENT_ID);
});
afterAll(async () => {
  await google.stop();
});

function googleApp() {
  return createTestApp({
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_DISCOVERY_URL: google.discoveryUrl,
    },
  });
}

/** Starts sign-in as the web client does; returns the provider URL and the state cookies. */
async function startSignIn(app: FastifyInstance) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: TEST_ORIGIN },
    payload: {
      provider: 'google',
      callbackURL: '/auth/popup-complete?status=success',
      errorCallbackURL: '/auth/popup-complete',
      disableRedirect: true,
    },
  });
  expect(res.statusCode).toBe(200);
  const { url } = res.json<{ url: string }>();
  return { authorizeUrl: new URL(url), cookie: cookieHeader(res.headers['set-cookie']) };
}

/** The browser's trip to the provider: it answers with a redirect back to our callback. */
async function visitProvider(authorizeUrl: URL): Promise<URL> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

async function callback(app: FastifyInstance, callbackUrl: URL, cookie: string) {
  return app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    headers: { cookie },
  });
}

describe('Google sign-in (OIDC against a local mock provider)', () => {
  it('advertises Google only when configured', async () => {
    const { app } = await googleApp();
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/providers' })).json()).toEqual({
      google: true,
      email: true,
    });
  });

  it('sends state, PKCE and a nonce, then signs the user in and creates their profile', async () => {
    const { app } = await googleApp();
    google.setIdentity({ sub: 'g-123', email: 'kavya@example.com', name: 'Kavya Menon' });
    const { authorizeUrl, cookie } = await startSignIn(app);
    expect(authorizeUrl.origin).toBe(new URL(google.discoveryUrl).origin);
    for (const param of ['state', 'code_challenge', 'nonce'])
      expect(authorizeUrl.searchParams.get(param)).toBeTruthy();
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('client_id')).toBe(CLIENT_ID);

    const back = await visitProvider(authorizeUrl);
    const done = await callback(app, back, cookie);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/auth/popup-complete?status=success');
    const sessionCookie = cookieHeader(done.headers['set-cookie']);

    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: sessionCookie },
    });
    const { user } = session.json<{
      user: { id: string; email: string; name: string; providers: string[] };
    }>();
    expect(user).toMatchObject({
      email: 'kavya@example.com',
      name: 'Kavya Menon',
      providers: ['google'],
    });

    const register = await app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      headers: { cookie: sessionCookie, origin: TEST_ORIGIN },
      payload: { userId: user.id, emailId: user.email, name: user.name, profileUrl: '' },
    });
    expect(register.statusCode).toBe(200);
    const details = profileDetailsResponseSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/user/profile-details',
          headers: { cookie: sessionCookie, origin: TEST_ORIGIN },
          payload: { userId: user.id },
        })
      ).json(),
    );
    // What the profile-completion prompt needs to know.
    expect(details.missingFields).toEqual({ companyName: true, phoneNumber: true });
    expect(details.data.name).toBe('Kavya Menon');
  });

  it('signs the same Google account into the same user the next time', async () => {
    const { app } = await googleApp();
    google.setIdentity({ sub: 'g-456', email: 'rohan@example.com', name: 'Rohan Das' });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { authorizeUrl, cookie } = await startSignIn(app);
      const done = await callback(app, await visitProvider(authorizeUrl), cookie);
      const session = await app.inject({
        method: 'GET',
        url: '/api/v1/session',
        headers: { cookie: cookieHeader(done.headers['set-cookie']) },
      });
      ids.push(session.json<{ user: { id: string } }>().user.id);
    }
    expect(ids[0]).toBe(ids[1]);
  });

  it('refuses a callback whose state does not match', async () => {
    const { app } = await googleApp();
    const { authorizeUrl, cookie } = await startSignIn(app);
    const back = await visitProvider(authorizeUrl);
    back.searchParams.set('state', 'forged-state-value');
    const done = await callback(app, back, cookie);
    expect(done.statusCode).toBe(302);
    expect(String(done.headers.location)).toMatch(/error=/);
    expect(String(done.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]+/);
  });

  it('refuses an id_token whose nonce is not the one we sent', async () => {
    const { app } = await googleApp();
    google.setIdentity({ sub: 'g-789', email: 'nonce.victim@example.com', name: 'Nonce Victim' });
    google.forgeNextNonce('replayed-nonce');
    const { authorizeUrl, cookie } = await startSignIn(app);
    const done = await callback(app, await visitProvider(authorizeUrl), cookie);
    expect(done.statusCode).toBe(302);
    expect(String(done.headers.location)).toMatch(/^\/auth\/popup-complete\?error=/);
    expect(String(done.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]+/);
  });
});
