import { healthResponseSchema } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';

describe('GET /api/v1/health', () => {
  it('reports ok with the real PostgreSQL version and the uptime', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const body = healthResponseSchema.parse(res.json());
    expect(body.ok).toBe(true);
    expect(body.database.version).toMatch(/^PostgreSQL 1[5-9]\.\d+/);
    expect(body.uptime).toBeGreaterThan(0);
  });

  it('answers 503 with ok false when the database is unreachable', async () => {
    const { app, database } = await createTestApp();
    await database.pool.end();
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ ok: false, database: { version: 'unavailable' } });
  });
});
