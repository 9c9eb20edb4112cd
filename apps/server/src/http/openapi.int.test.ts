import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { childProcessEnv, createTestApp } from '../../test/harness';
import { operationIdOf } from './openapi';

/* The API reference as generated clients read it (issue 35): OpenAPI 3.1, ids, security. */

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
}

describe('GET /api/docs/json', () => {
  it('is OpenAPI 3.1 with a unique operationId and the guard’s real security on every operation', async () => {
    const { app } = await createTestApp();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    }>();

    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey' },
      apiKey: { type: 'http', scheme: 'bearer' },
    });
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        call: `${method} ${path}`,
        ...operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((op) => !op.operationId).map((op) => op.call)).toEqual([]);
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const securityOf = (call: string) => operations.find((op) => op.call === call)?.security;
    expect(securityOf('get /api/v1/health')).toEqual([]);
    expect(securityOf('post /api/v1/upscaler')).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(securityOf('post /api/v1/api-keys')).toEqual([{ session: [] }]);
    expect(securityOf('put /api/v1/user/name')).toEqual([{ session: [] }]);
  });
});

describe('the document under Redocly’s recommended rules', () => {
  it('has no errors (redocly lint --extends recommended)', async () => {
    const { app } = await createTestApp();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-openapi-'));
    const file = path.join(dir, 'openapi.json');
    await fs.writeFile(file, (await app.inject({ method: 'GET', url: '/api/docs/json' })).body);
    const redocly = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/redocly');
    // Redocly exits non-zero on errors; the report on stdout is what is read either way.
    const { stdout } = await promisify(execFile)(
      redocly,
      ['lint', '--extends', 'recommended', '--format', 'json', file],
      {
        env: childProcessEnv({ REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }),
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: unknown) => ({ stdout: (error as { stdout?: string }).stdout ?? '' }));
    await fs.rm(dir, { recursive: true, force: true });
    const report = JSON.parse(stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
    const errors = report.problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });
});

describe('operationIdOf', () => {
  it('names a call by its method and whole path', () => {
    expect(operationIdOf('GET', '/api/v1/generations/:id')).toBe('getGenerationsById');
    expect(operationIdOf('POST', '/api/v1/try-on/batches/:id/cancel')).toBe(
      'postTryOnBatchesByIdCancel',
    );
    expect(operationIdOf('GET', '/api/v1/gallery/zip/*')).toBe('getGalleryZipPath');
  });
});
