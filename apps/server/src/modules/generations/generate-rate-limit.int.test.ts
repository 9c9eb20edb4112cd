import { GENERATE_REQUESTS_PER_MINUTE } from '@studio/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN } from '../../../test/harness';

/*
 * Issue 19 item 1: the generation limit counted per address before the session was known, so
 * users behind one NAT shared one budget and a user with many addresses had none. The limit runs
 * before validation, so an empty body (400) costs a request of the budget without generating.
 */

const url = '/api/v1/try-on/generate';

function generate(app: FastifyInstance, address: string, cookie?: string) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: address,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: {},
  });
}

describe('generation rate limit', () => {
  it('gives each user behind one address a budget of their own', async () => {
    const { app } = await createTestApp();
    const first = await signUp(app);
    const second = await signUp(app);
    for (let i = 0; i < GENERATE_REQUESTS_PER_MINUTE; i++)
      expect((await generate(app, '10.1.1.1', first.cookie)).statusCode).toBe(400);
    expect((await generate(app, '10.1.1.1', first.cookie)).statusCode).toBe(429);
    // Same address, another account: untouched by the first one's spending.
    expect((await generate(app, '10.1.1.1', second.cookie)).statusCode).toBe(400);
  });

  it('gives one user one budget whichever addresses they call from', async () => {
    const { app } = await createTestApp();
    const { cookie } = await signUp(app);
    for (let i = 0; i < GENERATE_REQUESTS_PER_MINUTE; i++)
      expect((await generate(app, `10.2.0.${i + 1}`, cookie)).statusCode).toBe(400);
    const limited = await generate(app, '10.2.1.1', cookie);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts the free regeneration with the generate calls: one budget, both ways (ADR 037)', async () => {
    const { app } = await createTestApp();
    const askFree = (cookie: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/generations/unknown/free-regeneration',
        remoteAddress: '10.4.4.4',
        headers: { origin: TEST_ORIGIN, cookie },
        payload: {},
      });
    const spender = await signUp(app);
    for (let i = 0; i < GENERATE_REQUESTS_PER_MINUTE; i++)
      expect((await generate(app, '10.4.4.4', spender.cookie)).statusCode).toBe(400);
    expect((await askFree(spender.cookie)).statusCode).toBe(429);

    const asker = await signUp(app);
    for (let i = 0; i < GENERATE_REQUESTS_PER_MINUTE; i++)
      expect((await askFree(asker.cookie)).statusCode).toBe(404);
    expect((await generate(app, '10.4.4.4', asker.cookie)).statusCode).toBe(429);
  });

  it('refuses anonymous calls with 401 before they count against anyone', async () => {
    const { app } = await createTestApp();
    const { cookie } = await signUp(app);
    for (let i = 0; i < GENERATE_REQUESTS_PER_MINUTE * 2; i++)
      expect((await generate(app, '10.3.3.3')).statusCode).toBe(401);
    expect((await generate(app, '10.3.3.3', cookie)).statusCode).toBe(400);
  });
});
