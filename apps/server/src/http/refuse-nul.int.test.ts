import { errorBodySchema } from '@studio/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN } from '../../test/harness';
import { NUL_MESSAGE } from './refuse-nul';

const NUL = '\u0000';

describe('a NUL character anywhere in a request', () => {
  it.each<[string, (userId: string) => InjectOptions, string]>([
    [
      'a profile name',
      (userId) => ({
        method: 'PUT',
        url: '/api/v1/user/profile',
        payload: { userId, name: `Asha${NUL}` },
      }),
      'name',
    ],
    [
      'a company name',
      (userId) => ({
        method: 'PUT',
        url: '/api/v1/user/profile',
        payload: { userId, companyName: `Rao${NUL}Textiles` },
      }),
      'companyName',
    ],
    [
      'the Settings name',
      () => ({ method: 'PUT', url: '/api/v1/user/name', payload: { name: NUL } }),
      'name',
    ],
    [
      'a gallery search',
      (userId) => ({
        method: 'POST',
        url: '/api/v1/gallery/past-generations',
        payload: { userId, search: `red${NUL}` },
      }),
      'search',
    ],
    [
      'a nested array item',
      () => ({
        method: 'POST',
        url: '/api/v1/credits/estimate',
        payload: { feature: 'upscaler', settings: { list: ['a', `b${NUL}`] } },
      }),
      'settings.list.1',
    ],
    [
      'an object key',
      () => ({
        method: 'POST',
        url: '/api/v1/credits/estimate',
        payload: { feature: 'upscaler', settings: { [`a${NUL}`]: 1 } },
      }),
      'settings.a\\u0000',
    ],
    [
      'a generation id in the path',
      () => ({ method: 'GET', url: '/api/v1/generations/abc%00def' }),
      'id',
    ],
    [
      'a query string',
      () => ({ method: 'GET', url: '/api/v1/media/abc?download=a%00b' }),
      'download',
    ],
    [
      "Better Auth's update-user",
      () => ({ method: 'POST', url: '/api/auth/update-user', payload: { name: `Asha${NUL}` } }),
      'name',
    ],
  ])('is refused with 400 in %s', async (_what, request, path) => {
    const { app } = await createTestApp();
    const { cookie } = await signUp(app);
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie },
    });
    const userId = session.json<{ user: { id: string } }>().user.id;
    const options = request(userId);
    const res = await app.inject({
      ...options,
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json())).toEqual({
      success: false,
      error: {
        code: 'validation_failed',
        message: NUL_MESSAGE,
        details: [{ path, message: 'must not contain the NUL character (\\u0000)' }],
      },
    });
  });

  it('is refused with 400 on sign-up, before an account is made', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { name: `Asha${NUL}`, email: 'nul@example.com', password: 'correct horse battery' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'validation_failed', message: NUL_MESSAGE },
    });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'nul@example.com', password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(401);
  });
});
