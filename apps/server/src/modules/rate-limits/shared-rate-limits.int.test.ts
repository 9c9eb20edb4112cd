import { GENERATE_REQUESTS_PER_MINUTE } from '@studio/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN } from '../../../test/harness';
import { rateLimitCounters } from '../../db/schema';
import { deleteExpiredCounters, incrementCounter } from './rate-limits.repository';

/*
 * Issue 19 item 7: counters lived in each process's memory, so two API processes allowed twice the
 * limit and a restart started afresh. Two buildApp() instances on one database stand for two
 * processes; closing one and building another stands for a restart.
 */

function generate(app: FastifyInstance, cookie: string) {
  // The limit counts before validation: an empty body (400) spends budget without generating.
  return app.inject({
    method: 'POST',
    url: '/api/v1/try-on/generate',
    headers: { origin: TEST_ORIGIN, cookie },
    payload: {},
  });
}

describe('rate limits shared in PostgreSQL', () => {
  it('gives two API processes on one database one budget between them', async () => {
    const first = await createTestApp();
    const second = await createTestApp();
    const { cookie } = await signUp(first.app);
    const half = GENERATE_REQUESTS_PER_MINUTE / 2;
    for (let i = 0; i < half; i++) expect((await generate(first.app, cookie)).statusCode).toBe(400);
    for (let i = 0; i < half; i++)
      expect((await generate(second.app, cookie)).statusCode).toBe(400);
    expect((await generate(first.app, cookie)).statusCode).toBe(429);
    expect((await generate(second.app, cookie)).statusCode).toBe(429);
  });

  it('keeps a spent budget across a restart', async () => {
    const before = await createTestApp();
    const { cookie } = await signUp(before.app);
    for (let i = 0; i < GENERATE_REQUESTS_PER_MINUTE; i++)
      expect((await generate(before.app, cookie)).statusCode).toBe(400);
    await before.app.close();
    const after = await createTestApp();
    const limited = await generate(after.app, cookie);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts concurrent requests from many connections exactly once each', async () => {
    const { database } = await createTestApp();
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => incrementCounter(database.db, 'test:concurrent', 60_000)),
    );
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('starts a new window after expiry and sweeps rows nobody uses any more', async () => {
    const { database } = await createTestApp();
    const { db } = database;
    await incrementCounter(db, 'test:short', 50);
    await incrementCounter(db, 'test:short', 50);
    await incrementCounter(db, 'test:gone', 50);
    await incrementCounter(db, 'test:live', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await incrementCounter(db, 'test:short', 60_000)).toMatchObject({ count: 1 });

    expect(await deleteExpiredCounters(db)).toBeGreaterThanOrEqual(1);
    const left = async (key: string) =>
      (await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key))).length;
    expect(await left('test:gone')).toBe(0);
    expect(await left('test:live')).toBe(1);
    expect(await left('test:short')).toBe(1);
  });
});
