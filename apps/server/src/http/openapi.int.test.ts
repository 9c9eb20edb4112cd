import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { childProcessEnv, createTestApp } from '../../test/harness';
import { operationIdOf } from './openapi';
import { ROUTE_ERRORS } from './openapi-errors';
import { OPERATION_EXAMPLES } from './openapi-examples';

/* The API reference as generated clients read it (issue 35): OpenAPI 3.1, ids, security. */

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<
    string,
    {
      content?: Record<
        string,
        {
          example?: unknown;
          schema?: { properties?: { error?: { properties?: { code?: { enum?: string[] } } } } };
        }
      >;
    }
  >;
}

type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

/** Each operation's 4xx statuses with the error codes each may carry: `{ 402: ['insufficient_credits'] }`. */
function errorsOf(operation: Operation | undefined): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(operation?.responses ?? {})
      .filter(([status]) => status.startsWith('4'))
      .map(([status, response]) => [
        status,
        response.content?.['application/json']?.schema?.properties?.error?.properties?.code?.enum ??
          [],
      ]),
  );
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

describe('the error answers and examples in the document', () => {
  it('lists every 4xx an operation can answer, with its error codes', async () => {
    const { app } = await createTestApp();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<Document>();
    const operation = (method: string, path: string) => doc.paths[`/api/v1${path}`]?.[method];

    // Derived from the route: any call may carry a key beside a cookie (400) or a key where it is
    // not taken (403); public calls answer no 401.
    expect(errorsOf(operation('get', '/health'))).toEqual({
      400: ['bad_request'],
      403: ['forbidden'],
    });
    // A generate call: validation, session, its service's refusals, the Idempotency-Key, its limit.
    expect(errorsOf(operation('post', '/upscaler'))).toEqual({
      400: ['bad_request', 'validation_failed', 'input_not_allowed'],
      401: ['unauthorized'],
      402: ['insufficient_credits'],
      403: ['forbidden', 'plan_required'],
      413: ['payload_too_large'],
      415: ['unsupported_media_type'],
      422: ['idempotency_key_reused'],
      429: ['rate_limited', 'too_many_generations'],
    });
    expect(errorsOf(operation('post', '/uploads'))).toMatchObject({
      413: ['upload_too_large'],
      429: ['rate_limited'],
    });
    expect(errorsOf(operation('get', '/generations/{id}'))).toMatchObject({
      404: ['not_found'],
    });
    expect(errorsOf(operation('get', '/gallery/zip/{token}'))).toMatchObject({
      404: ['not_found'],
      410: ['link_expired'],
      429: ['rate_limited'],
    });
    // A userId in the path that is not the caller's is the guard's 403, never a 404.
    expect(
      errorsOf(operation('get', '/credit-transactions/order-history/{userId}')),
    ).not.toHaveProperty('404');
    expect(errorsOf(operation('post', '/user/password'))).toMatchObject({
      400: ['bad_request', 'validation_failed', 'invalid_password', 'no_password'],
      429: ['rate_limited'],
    });
    expect(doc.components.schemas).toHaveProperty('ErrorBody');
    expect(doc.components.schemas).toHaveProperty('Error');

    // The hand-kept tables name real operations only (a renamed route must rename its entry).
    const ids = new Set(
      Object.values(doc.paths).flatMap((methods) =>
        Object.values(methods).map((op) => op.operationId),
      ),
    );
    expect(Object.keys(ROUTE_ERRORS).filter((id) => !ids.has(id))).toEqual([]);
    expect(Object.keys(OPERATION_EXAMPLES).filter((id) => !ids.has(id))).toEqual([]);
    // The work surface shows a request and a response.
    expect(
      operation('post', '/upscaler')?.responses['202']?.content?.['application/json']?.example,
    ).toMatchObject({ status: 'queued' });
  });
});

describe('the document under Redocly’s recommended rules', () => {
  it('has no errors and no warnings but the licence (redocly lint --extends recommended)', async () => {
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
    // Every operation documents its 4xx answers, and every example matches its schema
    // (no-invalid-media-type-examples). The one warning left: the document names no licence.
    const warnings = report.problems
      .filter((problem) => problem.severity === 'warn' && problem.ruleId !== 'info-license')
      .map((problem) => `${problem.ruleId}: ${problem.message}`);
    expect(warnings.filter((w) => w.startsWith('operation-4xx-response'))).toEqual([]);
    expect(warnings).toEqual([]);
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
