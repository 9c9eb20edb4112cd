import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import createClient from 'openapi-fetch';
import { Webhook } from 'standardwebhooks';
import type { paths } from './schema';

/*
 * The studio's API from a seller's script (issue 35): a personal API key (Bearer), typed calls
 * from the served OpenAPI document (schema.d.ts, openapi-typescript), openapi-fetch.
 * upload a product photo → start an HD upscale (Idempotency-Key) → be told by a signed webhook
 * when it is done (or poll without one) → download it. `main.ts` runs it from the command line; CI runs it against the test server
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
  /**
   * Be told by a webhook instead of polling: a receiver is started on this port of this machine
   * and registered as `publicUrl` (what the studio POSTs to: https on a real server, or a host
   * its operator allows in WEBHOOK_ALLOWED_HOSTS in development). The key needs the `webhooks` scope.
   */
  webhook?: { port: number; host?: string; publicUrl: (port: number) => string };
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

/** What a receiver was sent: the headers and the raw body, as the signature covers them. */
interface Delivery {
  headers: Record<string, string>;
  body: string;
}

/** A seller's webhook receiver: keeps what it is sent and answers 204 at once. */
async function startReceiver(port: number, host: string) {
  const received: Delivery[] = [];
  const waiting = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
      for (const wake of waiting) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  return { port: (server.address() as AddressInfo).port, received, waiting, close };
}

interface GenerationEvent {
  type: string;
  data: { generationId: string; status: string; outputs?: { url: string }[]; error?: string };
}

/**
 * Step 3 with a webhook: the first delivery about `generationId` whose signature the Standard
 * Webhooks library accepts with the endpoint's secret (a forged or stale one is refused and
 * ignored). A receiver must check the signature over the raw body before reading it.
 */
async function waitForEvent(
  receiver: Awaited<ReturnType<typeof startReceiver>>,
  secret: string,
  generationId: string,
  timeoutSeconds: number,
): Promise<GenerationEvent> {
  const verifier = new Webhook(secret);
  const until = Date.now() + timeoutSeconds * 1000;
  for (let seen = 0; ;) {
    for (; seen < receiver.received.length; seen++) {
      const delivery = receiver.received[seen];
      if (!delivery) continue;
      let event: GenerationEvent;
      try {
        event = verifier.verify(delivery.body, delivery.headers) as GenerationEvent;
      } catch {
        continue;
      }
      if (event.data.generationId === generationId) return event;
    }
    const left = until - Date.now();
    if (left <= 0) throw new Error('webhook: no delivery before the timeout');
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        receiver.waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, left);
      receiver.waiting.add(wake);
    });
  }
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

  if (options.webhook) {
    const { port, host = '127.0.0.1', publicUrl } = options.webhook;
    const receiver = await startReceiver(port, host);
    const url = publicUrl(receiver.port);
    const endpoint = ok(
      'webhook endpoint',
      await client.POST('/api/v1/webhook-endpoints', {
        body: { url, events: ['generation.succeeded', 'generation.failed'] },
      }),
    );
    log(`2. Webhook endpoint ${endpoint.id} registered for ${url}`);
    try {
      const started = await startUpscale(client, media.url, 0);
      log(`3. Upscale ${started.generationId} started (Idempotency-Key ${started.idempotencyKey})`);
      const event = await waitForEvent(
        receiver,
        endpoint.secret,
        started.generationId,
        timeoutSeconds,
      );
      const imageUrl = event.data.outputs?.[0]?.url;
      if (event.type !== 'generation.succeeded' || !imageUrl) {
        throw new Error(
          `4. The upscale ${event.data.status}: ${event.data.error ?? 'no reason given'}`,
        );
      }
      log(`4. Told by a signed ${event.type} webhook: ${imageUrl}`);
      const file = await download(options.baseUrl, imageUrl, options.outDir, started.generationId);
      log(`5. Downloaded ${String(file.bytes)} bytes to ${file.output}`);
      return { generationId: started.generationId, ...file };
    } finally {
      await client.DELETE('/api/v1/webhook-endpoints/{id}', {
        params: { path: { id: endpoint.id } },
      });
      await receiver.close();
    }
  }

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
