import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';
import { registerOriginCheck } from './origin-check';

function app() {
  const a = Fastify();
  registerErrorHandler(a);
  registerOriginCheck(a, ['https://studio.example.com']);
  a.post('/api/v1/thing', async () => ({ ok: true }));
  a.get('/api/v1/thing', async () => ({ ok: true }));
  return a;
}

describe('origin check on state-changing API calls', () => {
  it('allows our own origin', async () => {
    const res = await app().inject({
      method: 'POST',
      url: '/api/v1/thing',
      headers: { origin: 'https://studio.example.com', 'sec-fetch-site': 'same-origin' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses another origin', async () => {
    const res = await app().inject({
      method: 'POST',
      url: '/api/v1/thing',
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a cross-site fetch even without an Origin header', async () => {
    const res = await app().inject({
      method: 'POST',
      url: '/api/v1/thing',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets non-browser callers (no Origin, no Fetch-Metadata) through, e.g. payment webhooks', async () => {
    const res = await app().inject({ method: 'POST', url: '/api/v1/thing', payload: {} });
    expect(res.statusCode).toBe(200);
  });

  it('never blocks safe methods', async () => {
    const res = await app().inject({
      method: 'GET',
      url: '/api/v1/thing',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('checks unsafe methods whatever the path is spelled as (the router decodes escapes)', async () => {
    const res = await app().inject({
      method: 'POST',
      url: '/%61pi/v1/thing',
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});
