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
  // The webhook step's receiver is on loopback, which only an allowed host may be.
  t = await createSeededApp('studio-api-example-', {
    worker: true,
    env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
});

/** A new seller's key with `scopes`, made as /developers makes it. */
async function keyWith(scopes: string[]) {
  const user = await newUser(t, { credits: 5 });
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: { cookie: user.cookie, origin: TEST_ORIGIN },
    payload: { name: 'examples/api', scopes },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<{ key: string }>().key;
}

describe('examples/api', () => {
  it('uploads a photo, upscales it with an Idempotency-Key and downloads the result', async () => {
    const outDir = await tempDir('studio-api-example-out-');
    const lines: string[] = [];

    const result = await runExample({
      baseUrl,
      apiKey: await keyWith(['generate', 'read']),
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

  it('is told by a signed webhook when the upscale is done, then downloads it', async () => {
    const outDir = await tempDir('studio-api-example-hook-');
    const lines: string[] = [];

    const result = await runExample({
      baseUrl,
      apiKey: await keyWith(['generate', 'read', 'webhooks']),
      image: PHOTO,
      outDir,
      log: (line) => lines.push(line),
      webhook: { port: 0, publicUrl: (port) => `http://127.0.0.1:${String(port)}/studio-events` },
    });

    expect(lines.find((line) => line.startsWith('4.'))).toMatch(
      /^4\. Told by a signed generation\.succeeded webhook: /,
    );
    const output = await sharp(result.output).metadata();
    expect({ width: output.width, height: output.height }).toEqual({ width: 1200, height: 1600 });
  });
});
