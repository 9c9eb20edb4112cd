import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN } from '../../../test/harness';

const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

describe('session guard', () => {
  it('answers 401 before validation: POST /user/credits with {} and no session', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/credits',
      headers: { origin: TEST_ORIGIN },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'unauthorized', message: 'Sign in to continue' },
    });
  });

  it('never describes a schema to a caller without a session, on any documented route', async () => {
    const { app } = await createTestApp();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const calls = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));
    expect(calls.length).toBeGreaterThan(20);
    const answers = await Promise.all(
      calls.map(async ({ path, method }) => {
        // Valid-looking ids, so a public route answers as it would to anyone (404), and a query
        // and body that no schema accepts.
        const url = `${path.replace(/\{[^}]+\}/g, randomUUID()).replace(/\*$/, 'x')}?limit=-1&range=%3F`;
        const res = await app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: { origin: TEST_ORIGIN },
          ...(BODY_METHODS.has(method) ? { payload: { userId: 7, unexpected: [] } } : {}),
        });
        const body: { error?: { code?: string; details?: unknown } } = String(
          res.headers['content-type'],
        ).includes('json')
          ? res.json()
          : {};
        return { call: `${method.toUpperCase()} ${path}`, status: res.statusCode, body };
      }),
    );
    const leaks = answers.filter(
      (a) => a.body.error?.code === 'validation_failed' || a.body.error?.details !== undefined,
    );
    expect(leaks.map((a) => a.call)).toEqual([]);
    const byCall = new Map(answers.map((a) => [a.call, a.status]));
    for (const call of [
      'POST /api/v1/user/credits',
      'PUT /api/v1/user/name',
      'POST /api/v1/gallery/past-generations',
      'GET /api/v1/gallery/past-generations',
      'GET /api/v1/generations/{id}',
      'GET /api/v1/analytics',
    ]) {
      expect(byCall.get(call), call).toBe(401);
    }
  });
});
