import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import createClient from 'openapi-fetch';
import type { paths } from './schema';

/*
 * The studio's API from a seller's script (issue 35): a personal API key (Bearer), typed calls
 * from the served OpenAPI document (schema.d.ts, openapi-typescript), openapi-fetch.
 * upload a product photo → start an HD upscale (Idempotency-Key, ?wait=) → wait for the result →
 * download it. `main.ts` runs it from the command line; CI runs it against the test server
 * (apps/server/test/api-example.int.test.ts).
 */

export type Client = ReturnType<typeof createClient<paths>>;
type Generation =
  paths['/api/v1/generations/{id}']['get']['responses']['200']['content']['application/json']['generation'];

export interface ExampleOptions {
  /** Where the studio answers, e.g. http://localhost:3000. */
  baseUrl: string;
  /** A personal API key with the `generate` and `read` scopes (made on /developers). */
  apiKey: string;
  /** The product photo to upload (JPEG, PNG or WebP). */
  image: string;
  /** The folder the upscaled image is written to. */
  outDir: string;
  /** Where each step is reported; default: the console. */
  log?: (line: string) => void;
  /** How long to wait for the result in all, in seconds. */
  timeoutSeconds?: number;
}

export interface ExampleResult {
  generationId: string;
  /** The downloaded image's path. */
  output: string;
  bytes: number;
}

/** A refused call, with the error body's stable code (ErrorBody in the reference). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly step: string,
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${step}: HTTP ${String(status)} ${code}: ${message}`);
  }
}

/** The call's data, or an ApiError carrying the error body's code and message. */
function ok<T>(step: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined && result.response.ok) return result.data;
  const body = result.error as { error?: { code?: string; message?: string } } | undefined;
  throw new ApiError(
    step,
    result.response.status,
    body?.error?.code ?? 'unknown',
    body?.error?.message ?? result.response.statusText,
  );
}

/** A client that sends the key on every call: no cookie, no Origin needed. */
export function apiClient(baseUrl: string, apiKey: string): Client {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });
}

/** Step 1: `POST /api/v1/uploads`, the photo as one multipart `files` part. */
export async function uploadPhoto(client: Client, image: string) {
  const type = { '.png': 'image/png', '.webp': 'image/webp' }[path.extname(image)] ?? 'image/jpeg';
  const photo = new Blob([await fs.readFile(image)], { type });
  const uploaded = ok(
    'upload',
    await client.POST('/api/v1/uploads', {
      body: { files: [photo] },
      bodySerializer: (body) => {
        const form = new FormData();
        for (const file of body.files) form.append('files', file, path.basename(image));
        return form;
      },
    }),
  );
  const [media] = uploaded.uploaded;
  if (!media) throw new Error('upload: the answer names no image');
  return media;
}

/**
 * Step 2: `POST /api/v1/upscaler?wait=…` with an Idempotency-Key: a retry with the same key and
 * body (after a dropped connection, say) answers this same generation and charges once. With
 * `wait` the answer comes when the result is ready (200), or after that many seconds as 202.
 */
export async function startUpscale(client: Client, imageUrl: string, waitSeconds: number) {
  const idempotencyKey = randomUUID();
  const started = ok(
    'upscale',
    await client.POST('/api/v1/upscaler', {
      params: { query: { wait: waitSeconds }, header: { 'idempotency-key': idempotencyKey } },
      body: { imageUrl, upscaleFactor: '2x' },
    }),
  );
  return { ...started, idempotencyKey };
}

/** Step 3: polls `GET /api/v1/generations/{id}` until the work is finished. */
export async function waitForResult(
  client: Client,
  generationId: string,
  timeoutSeconds: number,
  log: (line: string) => void,
): Promise<Generation> {
  const until = Date.now() + timeoutSeconds * 1000;
  for (;;) {
    const { generation } = ok(
      'poll',
      await client.GET('/api/v1/generations/{id}', { params: { path: { id: generationId } } }),
    );
    if (!['queued', 'running'].includes(generation.status)) return generation;
    if (Date.now() > until) throw new Error(`poll: still ${generation.status} after the timeout`);
    log(`   ${generation.status}, ${String(generation.progress)} %`);
    await sleep(1000);
  }
}

/**
 * Step 4: `GET /api/v1/media/{id}` of the output, written to `outDir`. A media URL is its own
 * capability (128 random bits), fetched without credentials: a key there is refused (403), as on
 * every call that takes none, so this client carries no key.
 */
export async function download(baseUrl: string, url: string, outDir: string, name: string) {
  const client = createClient<paths>({ baseUrl });
  const id = /\/api\/v1\/media\/([^/?#]+)/.exec(url)?.[1];
  if (!id) throw new Error(`download: ${url} is not a media URL`);
  const result = await client.GET('/api/v1/media/{id}', {
    params: { path: { id } },
    parseAs: 'arrayBuffer',
  });
  const bytes = Buffer.from(ok('download', result));
  const ext = (result.response.headers.get('content-type') ?? 'image/jpeg').split('/')[1] ?? 'jpg';
  await fs.mkdir(outDir, { recursive: true });
  const output = path.join(outDir, `${name}.${ext === 'jpeg' ? 'jpg' : ext}`);
  await fs.writeFile(output, bytes);
  return { output, bytes: bytes.length };
}

/** The whole example, each step printed. */
export async function runExample(options: ExampleOptions): Promise<ExampleResult> {
  const log =
    options.log ??
    ((line: string) => {
      console.log(line);
    });
  const timeoutSeconds = options.timeoutSeconds ?? 120;
  const client = apiClient(options.baseUrl, options.apiKey);

  const media = await uploadPhoto(client, options.image);
  log(
    `1. Uploaded ${path.basename(options.image)}: ${media.url} (${String(media.width)}×${String(media.height)})`,
  );

  const started = await startUpscale(client, media.url, Math.min(60, timeoutSeconds));
  log(
    `2. Upscale ${started.generationId} started (Idempotency-Key ${started.idempotencyKey}): ${started.status}`,
  );

  const generation = await waitForResult(client, started.generationId, timeoutSeconds, log);
  if (generation.status !== 'succeeded') {
    throw new Error(
      `3. The upscale ${generation.status}: ${generation.error ?? 'no reason given'}`,
    );
  }
  const [imageUrl] = generation.imageUrls;
  if (!imageUrl) throw new Error('3. The upscale succeeded without an image');
  log(`3. Succeeded, ${String(generation.creditCost)} credit(s): ${imageUrl}`);

  const file = await download(options.baseUrl, imageUrl, options.outDir, started.generationId);
  log(`4. Downloaded ${String(file.bytes)} bytes to ${file.output}`);
  return { generationId: started.generationId, ...file };
}
