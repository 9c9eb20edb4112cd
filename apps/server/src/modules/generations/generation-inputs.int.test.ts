import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveCredits, post, userIdOf } from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { generations } from '../../db/schema';

/*
 * ARCHITECTURE §5, §7: input URLs must name media we stored (or an allowlisted host); everything
 * else, and every private, loopback, link-local or metadata address in any spelling, is refused
 * before a connection is made. Loopback hosts are even on the allowlist here, to show that the
 * address check still refuses them. No route off the loopback exists or is needed.
 */

let t: TestApp;
let cookie: string;
let connections = 0;
const server = http.createServer((_req, res) => {
  res.writeHead(302, { location: 'http://127.0.0.1:9/' }).end();
});
server.on('connection', () => {
  connections++;
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    env: {
      RATE_LIMIT_MULTIPLIER: '100',
      INPUT_ALLOWED_HOSTS: 'localhost,127.0.0.1,*.example.test,[::1]',
    },
  });
  ({ cookie } = await signUp(t.app));
  await giveCredits(t.database.db, await userIdOf(t.app, cookie), 20);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('image URLs sent as generation inputs', () => {
  it.each([
    'file:///etc/passwd',
    'gopher://127.0.0.1:70/_x',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.8/x.jpg',
    'http://172.16.5.4/x.jpg',
    'http://192.168.0.10/x.jpg',
    'http://[fc00::1]/x.jpg',
    'http://localhost/x.jpg',
    'https://cdn.elsewhere.test/x.jpg',
    '/api/v1/media/not-a-media-id',
    'javascript:alert(1)',
  ])('refuses %s with 400 and creates nothing', async (url) => {
    const res = await post(t.app, cookie, '/api/v1/upscaler', { imageUrl: url });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json<{ error: { code: string } }>().error.code).toMatch(
      /input_not_allowed|not_found/,
    );
    expect(await t.database.db.select().from(generations)).toEqual([]);
  });

  it('refuses an allowlisted loopback host without ever connecting to it (redirects: url-guard.test.ts)', async () => {
    const { port } = server.address() as AddressInfo;
    const res = await post(t.app, cookie, '/api/v1/upscaler', {
      imageUrl: `http://127.0.0.1:${String(port)}/photo.jpg`,
    });
    expect(res.statusCode).toBe(400);
    expect(connections).toBe(0);
  });
});
