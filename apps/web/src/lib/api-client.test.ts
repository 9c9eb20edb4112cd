import { creditsResponseSchema } from '@studio/contract/responses';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/server';
import { api, ApiError, authApi, ignoreBody, request, schemaParser } from './api-client';

const parseOk = (data: unknown) => data;

async function captureError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('Expected the call to fail');
}

describe('request', () => {
  it('sends a FormData as multipart, not as JSON', async () => {
    let seen: { contentType: string | null; field: FormDataEntryValue | null } | undefined;
    server.use(
      http.post('/api/v1/upload-echo', async ({ request: req }) => {
        seen = {
          contentType: req.headers.get('content-type'),
          field: (await req.formData()).get('userId'),
        };
        return HttpResponse.json({ ok: true });
      }),
    );
    const form = new FormData();
    form.append('userId', 'user-1');

    await expect(api.post('/upload-echo', form, { parse: parseOk })).resolves.toEqual({ ok: true });
    expect(seen?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen?.field).toBe('user-1');
  });

  it('sends JSON with the session cookie and returns the parsed body', async () => {
    let seen:
      { credentials: RequestCredentials; contentType: string | null; body: unknown } | undefined;
    server.use(
      http.post('/api/v1/echo', async ({ request: req }) => {
        seen = {
          credentials: req.credentials,
          contentType: req.headers.get('content-type'),
          body: await req.json(),
        };
        return HttpResponse.json({ ok: true });
      }),
    );

    await expect(api.post('/echo', { a: 1 }, { parse: parseOk })).resolves.toEqual({ ok: true });
    expect(seen).toEqual({
      credentials: 'include',
      contentType: 'application/json',
      body: { a: 1 },
    });
  });

  it("turns the server's error body into a typed ApiError", async () => {
    server.use(
      http.get('/api/v1/boom', () =>
        HttpResponse.json(
          {
            success: false,
            error: {
              code: 'insufficient_credits',
              message: 'Not enough credits.',
              details: { need: 5 },
            },
          },
          { status: 402 },
        ),
      ),
    );

    const error = await captureError(api.get('/boom', { parse: parseOk }));
    expect(error).toMatchObject({
      status: 402,
      code: 'insufficient_credits',
      message: 'Not enough credits.',
    });
    expect(error.details).toEqual({ need: 5 });
    expect(error.isRetryable).toBe(false);
  });

  it("reads Better Auth's flat error body", async () => {
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        HttpResponse.json(
          { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
          { status: 401 },
        ),
      ),
    );

    const error = await captureError(authApi.post('/sign-in/email', {}, { parse: ignoreBody }));
    expect(error).toMatchObject({
      status: 401,
      code: 'invalid_email_or_password',
      message: 'Invalid email or password',
    });
  });

  it('gives a readable message when the error body is not JSON', async () => {
    server.use(
      http.get('/api/v1/down', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
    );

    const error = await captureError(api.get('/down', { parse: parseOk }));
    expect(error).toMatchObject({ status: 502, code: 'http_error' });
    expect(error.message).toMatch(/502/);
    expect(error.isRetryable).toBe(true);
  });

  it('reports network failures with status 0', async () => {
    server.use(http.get('/api/v1/offline', () => HttpResponse.error()));

    const error = await captureError(api.get('/offline', { parse: parseOk }));
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it("marks answers that do not match the contract's schema as malformed", async () => {
    server.use(http.get('/api/v1/odd', () => HttpResponse.json({ success: true, credits: '42' })));

    const error = await captureError(
      request('/api/v1/odd', { parse: schemaParser(creditsResponseSchema) }),
    );
    expect(error).toMatchObject({ status: 200, code: 'malformed_response' });
    expect(error.isRetryable).toBe(false);
  });

  it("returns what the contract's schema read", async () => {
    server.use(http.get('/api/v1/credits', () => HttpResponse.json({ success: true, credits: 7 })));

    await expect(
      api.get('/credits', { parse: schemaParser(creditsResponseSchema) }),
    ).resolves.toEqual({ success: true, credits: 7 });
  });
});
