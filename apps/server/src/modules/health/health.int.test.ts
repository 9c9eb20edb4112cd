import { healthResponseSchema } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';

describe('GET /api/v1/health', () => {
  it('reports ok with the real PostgreSQL version and the uptime outside production', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const body = healthResponseSchema.parse(res.json());
    expect(body.ok).toBe(true);
    expect(body.database?.version).toMatch(/^PostgreSQL 1[5-9]\.\d+/);
    expect(body.uptime).toBeGreaterThan(0);
  });

  it('answers 503 with ok false when the database is unreachable', async () => {
    const { app, database } = await createTestApp();
    await database.pool.end();
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ ok: false, database: { version: 'unavailable' } });
  });

  describe('in production', () => {
    const token = 'operator-token-operator-token-0123456789';
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'production-secret-production-secret-0123',
      OPERATOR_TOKEN: token,
    };

    it('tells anyone only whether the service is up: no database version, no uptime', async () => {
      const { app } = await createTestApp({ env: production });
      for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${token}`, token]) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/health',
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ ok: true });
        expect(res.body).not.toMatch(/PostgreSQL/);
      }
    });

    it('shows the database version and uptime to an operator sending OPERATOR_TOKEN', async () => {
      const { app } = await createTestApp({ env: production });
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      const body = healthResponseSchema.parse(res.json());
      expect(body.database?.version).toMatch(/^PostgreSQL 1[5-9]\.\d+/);
      expect(body.uptime).toBeGreaterThan(0);
    });

    it('still answers 503 to anyone when the database is unreachable, without details', async () => {
      const { app, database } = await createTestApp({ env: production });
      await database.pool.end();
      const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ok: false });
    });
  });
});
