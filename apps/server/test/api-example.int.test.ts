import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runExample } from '../../../examples/api/example';
import { createSeededApp, newUser } from './generation-helpers';
import { TEST_ORIGIN, tempDir, type TestApp } from './harness';

/*
 * examples/api (issue 35) against the test server, as a seller runs it: over HTTP on a loopback
 * port, with a personal API key and nothing else.
 */

const PHOTO = path.resolve(
  import.meta.dirname,
  '../src/platform/engine/listing-fixtures/small.jpg',
);

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createSeededApp('studio-api-example-', { worker: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
});

describe('examples/api', () => {
  it('uploads a photo, upscales it with an Idempotency-Key and downloads the result', async () => {
    const user = await newUser(t, { credits: 5 });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: { name: 'examples/api', scopes: ['generate', 'read'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const outDir = await tempDir('studio-api-example-out-');
    const lines: string[] = [];

    const result = await runExample({
      baseUrl,
      apiKey: made.json<{ key: string }>().key,
      image: PHOTO,
      outDir,
      log: (line) => lines.push(line),
    });

    expect(lines.map((line) => line.slice(0, 2))).toEqual(
      expect.arrayContaining(['1.', '2.', '3.', '4.']),
    );
    expect(path.dirname(result.output)).toBe(outDir);
    // The photo is 600×800: its 2x upscale, a real image.
    const output = await sharp(result.output).metadata();
    expect({ width: output.width, height: output.height }).toEqual({ width: 1200, height: 1600 });
    expect(result.bytes).toBeGreaterThan(1000);
  });
});
