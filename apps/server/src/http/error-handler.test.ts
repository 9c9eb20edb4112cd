import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from './error-handler';
import { AppError } from './errors';

function app() {
  const a = Fastify().withTypeProvider<ZodTypeProvider>();
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(a);
  a.get('/app-error', () => {
    throw new AppError(402, 'insufficient_credits', 'You need 4 more credits.', {
      required: 5,
      available: 1,
    });
  });
  a.get('/crash', () => {
    throw new Error('connection to 10.0.0.5 refused; password=hunter2');
  });
  a.post('/validated', { schema: { body: z.object({ count: z.number().int().min(1) }) } }, () => ({
    ok: true,
  }));
  a.get(
    '/bad-output',
    { schema: { response: { 200: z.object({ n: z.number() }) } } },
    () => ({ n: 'x' }) as never,
  );
  return a;
}

describe('error handler', () => {
  it('passes an AppError through with its status, code, message and details', async () => {
    const res = await app().inject({ method: 'GET', url: '/app-error' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      success: false,
      error: {
        code: 'insufficient_credits',
        message: 'You need 4 more credits.',
        details: { required: 5, available: 1 },
      },
    });
  });

  it('hides the message of an unexpected error', async () => {
    const res = await app().inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'internal_error', message: 'Something went wrong on our side.' },
    });
  });

  it('reports schema validation failures field by field', async () => {
    const res = await app().inject({ method: 'POST', url: '/validated', payload: { count: 0 } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; details: { path: string }[] } }>();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details[0]?.path).toBe('count');
  });

  it('treats a response that breaks its own schema as a server fault', async () => {
    const res = await app().inject({ method: 'GET', url: '/bad-output' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: { code: 'internal_error' } });
  });

  it('answers unknown routes with a not_found error body', async () => {
    const res = await app().inject({ method: 'DELETE', url: '/nowhere?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'not_found', message: 'No route for DELETE /nowhere' },
    });
  });
});
