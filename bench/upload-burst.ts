// Twelve 40-megapixel uploads at once (issue 19 item 12, ADR 039): the server's peak RSS and the
// health check's latency while they are decoded, with the per-process decode limit at a given
// value. The app runs in this process (buildApp on a fresh embedded PostgreSQL, media on local
// disk); the uploads and the health checks come from a forked client, so the latencies are what a
// load balancer would see. Run each limit in a fresh process: RSS does not shrink back.
// Usage: node --import tsx bench/upload-burst.ts [limit=default] [uploads=12]
//   limit 12 (as many as the uploads): nothing waits, as before the limit existed.
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { clientOrMain, runForkedClient } from './lib/forked-client';
import { quantile } from './report';

interface ClientJob {
  url: string;
  cookie: string;
  origin: string;
  image: string; // base64: IPC carries JSON
  uploads: number;
}

interface ClientResult {
  statuses: number[];
  uploadMs: number[];
  healthMs: number[];
  /** Health checks taken before the burst: the idle baseline. */
  idleHealthMs: number[];
  burstMs: number;
}

async function health(url: string): Promise<number> {
  const sent = performance.now();
  const res = await fetch(`${url}/api/v1/health`);
  await res.arrayBuffer();
  return performance.now() - sent;
}

async function runClient(job: ClientJob): Promise<ClientResult> {
  const image = Buffer.from(job.image, 'base64');
  const idleHealthMs: number[] = [];
  for (let i = 0; i < 20; i++) idleHealthMs.push(await health(job.url));
  const healthMs: number[] = [];
  const burst = { done: false };
  // One health check every 100 ms while the burst runs (a load balancer's probe, more often).
  const probe = (async () => {
    while (!burst.done) {
      healthMs.push(await health(job.url));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: job.uploads }, async () => {
      const form = new FormData();
      form.append('files', new Blob([image], { type: 'image/jpeg' }), 'large.jpg');
      const sent = performance.now();
      const res = await fetch(`${job.url}/api/v1/uploads`, {
        method: 'POST',
        headers: { cookie: job.cookie, origin: job.origin },
        body: form,
      });
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - sent };
    }),
  );
  const burstMs = performance.now() - started;
  burst.done = true;
  await probe;
  return {
    statuses: results.map((r) => r.status),
    uploadMs: results.map((r) => r.ms),
    healthMs,
    idleHealthMs,
    burstMs,
  };
}

await clientOrMain(runClient, main);

/** A photo-like 40 MP JPEG under the 10 MB upload limit. */
async function largePhoto(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  const { photoLike } = await import('./photo-like');
  const { MAX_UPLOAD_BYTES } = await import('@studio/contract');
  const photo = await photoLike(7296, 5472); // 39.9 MP, under the 40 MP limit
  for (const quality of [85, 75, 65, 55]) {
    const jpeg = await sharp(photo).jpeg({ quality }).toBuffer();
    if (jpeg.length < MAX_UPLOAD_BYTES * 0.95) return jpeg;
  }
  throw new Error('could not make a 40 MP photo under the upload limit');
}

async function main(): Promise<void> {
  const limitArg = process.argv[2];
  const uploads = Number(process.argv[3] ?? 12);
  const { startBenchApp, BENCH_ORIGIN } = await import('./lib/bench-app');
  const { imageDecodeStats } = await import('../apps/server/src/platform/images/process-image');
  const { loadConfig } = await import('../apps/server/src/config/env');
  const env: Record<string, string> =
    limitArg && limitArg !== 'default' ? { IMAGE_DECODE_CONCURRENCY: limitArg } : {};
  const limit = loadConfig(env).imageDecodeConcurrency;

  const image = await largePhoto();
  const bench = await startBenchApp('upload-burst', { env });
  try {
    const { cookie } = await bench.signUp('bench@example.com');
    // Warm sharp and the route with one small upload, then settle before the baseline.
    const sharp = (await import('sharp')).default;
    const small = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#888888' },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([small], { type: 'image/jpeg' }), 'small.jpg');
    await fetch(`${bench.address}/api/v1/uploads`, {
      method: 'POST',
      headers: { cookie, origin: BENCH_ORIGIN },
      body: form,
    });
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const baselineRss = process.memoryUsage().rss;
    let peakRss = baselineRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 20);

    const result = await runForkedClient<ClientResult>(fileURLToPath(import.meta.url), {
      url: bench.address,
      cookie,
      origin: BENCH_ORIGIN,
      image: image.toString('base64'),
      uploads,
    } satisfies ClientJob);
    clearInterval(sampler);

    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    const sorted = (values: number[]) => values.slice().sort((a, b) => a - b);
    const h = sorted(result.healthMs);
    const idle = sorted(result.idleHealthMs);
    const u = sorted(result.uploadMs);
    console.log(
      `upload burst: ${String(uploads)} × ${(image.length / 1024 / 1024).toFixed(1)} MB JPEG (7296×5472, 39.9 MP), ` +
        `decode limit ${String(limit)} (${String(os.availableParallelism())} cores), Node ${process.version}`,
    );
    console.log(
      `statuses: ${[...new Set(result.statuses)].map((s) => `${String(s)}×${String(result.statuses.filter((x) => x === s).length)}`).join(' ')}; ` +
        `most decodes at once: ${String(imageDecodeStats().peak)}`,
    );
    console.log(
      `RSS: baseline ${mb(baselineRss)} MB, peak ${mb(peakRss)} MB (+${mb(peakRss - baselineRss)} MB)`,
    );
    console.log(
      `health: idle p50 ${quantile(idle, 0.5).toFixed(1)} ms; during the burst n=${String(h.length)} ` +
        `p50 ${quantile(h, 0.5).toFixed(1)} ms, p99 ${quantile(h, 0.99).toFixed(1)} ms, max ${(h.at(-1) ?? NaN).toFixed(1)} ms`,
    );
    console.log(
      `uploads: all done in ${(result.burstMs / 1000).toFixed(1)} s; each p50 ${(quantile(u, 0.5) / 1000).toFixed(1)} s, ` +
        `max ${((u.at(-1) ?? NaN) / 1000).toFixed(1)} s`,
    );
  } finally {
    await bench.close();
  }
}
