// Catalogue zip streaming (issue 13, ADR 017): does the server's memory stay flat whatever the size
// of the zip it streams? The real app (buildApp, no worker) listens on loopback over a fresh
// embedded PostgreSQL and local-disk storage. Catalogues are started through the real
// `POST /api/v1/try-on/batches` (timed: one reservation and one job per pair; the local engine is
// declared try-on-capable so pairs are charged, as on fal), then their pairs are marked succeeded
// with photo-like 864×1296 JPEG outputs stored through the media service (FASHN v1.6's output
// size), instead of running 80 engine jobs. Each zip is downloaded over HTTP by a separate client
// process (it writes the zip to disk and checks it with a zip reader), while the server process
// samples its own memory: as the process sees it (every 10 ms), and live (every 100 ms after forced
// GCs), both against a GC'd baseline, and again after a GC once the download ended. Cases: 5 × 1,
// 10 × 2 and 20 × 4 catalogues at 4 images per pair, the 20 × 4 again with the client reading at
// 8 MiB/s (backpressure: a slow client must not make the server buffer), and the 5 × 1 again. Last,
// a client that goes away after 4 MiB of the 20 × 4 zip: how many photos the server opened, and
// whether any read was left open.
// Usage: node --import tsx --expose-gc bench/batch-zip.ts
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';
import { printTable } from './report';

const ORIGIN = 'http://localhost:3000';
const IMAGES_PER_PAIR = 4;
const MIB = 1024 * 1024;

interface ClientJob {
  url: string;
  cookie: string;
  file: string;
  /** Bytes per second the client reads at; 0 = as fast as it can. */
  rate: number;
  /** Disconnects after this many bytes (0: reads it all). */
  abortAfter: number;
}

interface ClientResult {
  status: number;
  disposition: string;
  bytes: number;
  ms: number;
  entries: string[];
}

// --- Download client (child process) ---------------------------------------------------------

function zipEntries(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) {
        reject(error);
        return;
      }
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => {
        resolve(names);
      });
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function runClient(job: ClientJob): Promise<ClientResult> {
  const started = performance.now();
  const gone = new AbortController();
  const res = await fetch(job.url, { headers: { cookie: job.cookie }, signal: gone.signal });
  const out = createWriteStream(job.file);
  let bytes = 0;
  try {
    for await (const chunk of (res.body ?? []) as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      if (job.abortAfter > 0 && bytes >= job.abortAfter) {
        gone.abort();
        break;
      }
      if (!out.write(chunk)) await once(out, 'drain');
      if (job.rate > 0) {
        const due = (bytes / job.rate) * 1000 - (performance.now() - started);
        if (due > 0) await delay(due);
      }
    }
  } catch (error) {
    // Leaving on purpose cancels the body, which may surface as an abort error here.
    if (!gone.signal.aborted) throw error;
  }
  out.end();
  await once(out, 'close');
  const ms = performance.now() - started;
  return {
    status: res.status,
    disposition: res.headers.get('content-disposition') ?? '',
    bytes,
    ms,
    entries: res.status === 200 && job.abortAfter === 0 ? await zipEntries(job.file) : [],
  };
}

if (process.argv[2] === '--client') {
  const [job] = (await once(process, 'message')) as [ClientJob];
  const result = await runClient(job);
  process.send?.(result, () => {
    process.disconnect();
  });
} else {
  await main();
}

// --- Server, data, report (main process) -------------------------------------------------------

/** Runs one download in a client process; a client that dies without answering fails the bench. */
async function download(job: ClientJob): Promise<ClientResult> {
  const child = fork(fileURLToPath(import.meta.url), ['--client'], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const exited = once(child, 'exit');
  child.send(job);
  const result = await Promise.race([
    once(child, 'message').then(([message]) => message as ClientResult),
    exited.then(([code]) => {
      throw new Error(`the download client exited (${String(code)}) without a result`);
    }),
  ]);
  await exited;
  return result;
}

async function main(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc)
    throw new Error('run with --expose-gc: node --import tsx --expose-gc bench/batch-zip.ts');
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config/env');
  const { createDatabase } = await import('../apps/server/src/db/client');
  const { runMigrations } = await import('../apps/server/src/db/migrate');
  const { startEmbeddedPostgres } = await import('../apps/server/src/platform/embedded-postgres');
  const { createLocalStorage } = await import('../apps/server/src/platform/storage/local-storage');
  const { processImage } = await import('../apps/server/src/platform/images/process-image');
  const { createLocalProvider } =
    await import('../apps/server/src/platform/providers/local-provider');
  const { photoLike } = await import('./photo-like');
  const { seedCatalogue } = await import('./lib/catalogue');

  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-bench-zip-'));
  await fs.chmod(root, 0o755); // the embedded server may run as the `postgres` user
  const server = await startEmbeddedPostgres({ dir: path.join(root, 'pg'), database: 'bench' });
  const database = createDatabase(server.url, { max: 10 });
  const dataDir = path.join(root, 'data');
  // Local disk, counting the photo reads the zip opens and which of them are still open.
  const disk = createLocalStorage(path.join(dataDir, 'media'));
  const reads = { opened: 0, open: new Set<Readable>() };
  const storage: typeof disk = {
    ...disk,
    async get(key) {
      const object = await disk.get(key);
      if (object && key.endsWith('/original.jpg')) {
        reads.opened += 1;
        reads.open.add(object.body);
        object.body.once('close', () => reads.open.delete(object.body));
      }
      return object;
    },
  };
  const local = createLocalProvider();
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await runMigrations(database.pool);
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: '3000', // trusted origin http://localhost:3000; the server listens on a free port
        DATA_DIR: dataDir,
        RATE_LIMIT_MULTIPLIER: '1000',
      }),
      database,
      storage,
      provider: { ...local, capabilities: () => [...local.capabilities(), 'try-on'] },
      authSecret: 'bench-secret-bench-secret-bench-secret-01',
      mailer: { send: async () => undefined },
      worker: false,
      logger: false,
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const signUp = async (email: string) => {
      const res = await fetch(`${address}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ name: 'Bench Seller', email, password: 'correct horse battery' }),
      });
      if (res.status !== 200) throw new Error(`sign-up failed: ${String(res.status)}`);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const session = await fetch(`${address}/api/v1/session`, { headers: { cookie } });
      const { user } = (await session.json()) as { user: { id: string } };
      return { cookie, id: user.id };
    };

    // Inputs: small garment and model photos (only the outputs are zipped).
    const input = await processImage(await photoLike(400, 600));
    // Outputs: four distinct photo-like 864×1296 JPEGs, each stored again for every image.
    const outputs = await Promise.all(
      [0, 1, 2, 3].map(async (i) => processImage(await photoLike(864 + i * 2, 1296))),
    );
    const outputBytes = outputs.map((o) => o.original.body.length);

    /** A catalogue of its own seller's, started through the API, every pair succeeded. */
    const catalogue = async (garmentCount: number, modelCount: number) => {
      const user = await signUp(`seller-${String(garmentCount)}x${String(modelCount)}@example.com`);
      const made = await seedCatalogue({ address, db: database.db, storage }, user, {
        garments: garmentCount,
        models: modelCount,
        imagesPerPair: IMAGES_PER_PAIR,
        input,
        outputs,
      });
      return { ...user, ...made };
    };

    const seeded = performance.now();
    const small = await catalogue(5, 1);
    const medium = await catalogue(10, 2);
    const large = await catalogue(20, 4);
    const seedMs = performance.now() - seeded;

    /**
     * One download. `live`: every 100 ms the sampler forces a GC, lets V8 finish freeing the
     * ArrayBuffers it found dead (their backing stores are released by a sweeper task after the
     * GC), and GCs again, so it sees only memory still referenced (what the server holds for the
     * download), not garbage awaiting collection.
     */
    const run = async (label: string, c: typeof small, rate: number, live = false) => {
      gc();
      await delay(200);
      gc();
      const base = process.memoryUsage();
      const peak = { rss: base.rss, heapUsed: base.heapUsed, external: base.external };
      const sample = () => {
        const now = process.memoryUsage();
        peak.rss = Math.max(peak.rss, now.rss);
        peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
        peak.external = Math.max(peak.external, now.external);
      };
      const state = { sampling: true };
      const sampler = (async () => {
        while (state.sampling) {
          if (live) {
            gc();
            await delay(5);
            gc();
          }
          sample();
          await delay(live ? 95 : 10);
        }
      })();
      const job: ClientJob = {
        url: `${address}/api/v1/try-on/batches/${c.batchId}/zip`,
        cookie: c.cookie,
        file: path.join(root, `${c.batchId}.zip`),
        rate,
        abortAfter: 0,
      };
      const result = await download(job);
      state.sampling = false;
      await sampler;
      gc();
      await delay(200);
      gc();
      const after = process.memoryUsage();
      await fs.rm(job.file, { force: true });
      if (result.status !== 200) throw new Error(`zip answered ${String(result.status)}`);
      if (result.entries.length !== c.images) {
        throw new Error(
          `zip holds ${String(result.entries.length)} entries, not ${String(c.images)}`,
        );
      }
      const mib = (n: number) => (n / MIB).toFixed(1);
      const delta = (n: number) => `${n >= 0 ? '+' : ''}${mib(n)}`;
      return {
        result,
        row: [
          label,
          String(result.entries.length),
          mib(result.bytes),
          (result.ms / 1000).toFixed(2),
          (result.bytes / MIB / (result.ms / 1000)).toFixed(0),
          mib(base.rss),
          `${mib(peak.rss)} (${delta(peak.rss - base.rss)})`,
          `${mib(peak.heapUsed)} (${delta(peak.heapUsed - base.heapUsed)})`,
          `${mib(peak.external)} (${delta(peak.external - base.external)})`,
          `${delta(after.heapUsed - base.heapUsed)} / ${delta(after.external - base.external)}`,
        ],
      };
    };

    const plan = [
      ['5 × 1', small, 0],
      ['10 × 2', medium, 0],
      ['20 × 4', large, 0],
      ['20 × 4, client at 8 MiB/s', large, 8 * MIB],
      ['5 × 1 again', small, 0],
    ] as const;
    const cases = [];
    for (const [label, c, rate] of plan) cases.push(await run(label, c, rate));
    const liveCases = [];
    for (const [label, c, rate] of plan) liveCases.push(await run(label, c, rate, true));
    const [first] = cases;

    // A client that goes away mid-download: the server stops reading photos.
    reads.opened = 0;
    const quit = await download({
      url: `${address}/api/v1/try-on/batches/${large.batchId}/zip`,
      cookie: large.cookie,
      file: path.join(root, 'aborted.zip'),
      rate: 8 * MIB,
      abortAfter: 4 * MIB,
    });
    await delay(1000);
    const openedAtAbort = reads.opened;
    await delay(1000);
    console.log(
      `catalogue zip, GET /api/v1/try-on/batches/:id/zip over HTTP: ${String(IMAGES_PER_PAIR)} images ` +
        `per pair, outputs 864×1296 JPEG of ${outputBytes.map((b) => (b / 1024).toFixed(0)).join('/')} KiB ` +
        `(seeded in ${(seedMs / 1000).toFixed(1)} s)\n`,
    );
    const header = [
      'case',
      'entries',
      'zip MiB',
      's',
      'MiB/s',
      'RSS before',
      'RSS peak (Δ) MiB',
      'heap peak (Δ) MiB',
      'external peak (Δ) MiB',
      'left after GC: heap / external MiB',
    ];
    console.log('server memory as the process sees it (sampled every 10 ms, GC left to V8):');
    printTable([header, ...cases.map((c) => c.row)]);
    console.log(
      '\nlive memory (a forced GC before each sample, every 100 ms: only what the download holds):',
    );
    printTable([header, ...liveCases.map((c) => c.row)]);
    console.log(
      `\nfirst entries of the 20 × 4 zip: ${cases[2]?.result.entries.slice(0, 5).join(', ') ?? ''}`,
    );
    console.log(`Content-Disposition: ${first?.result.disposition ?? ''}`);
    console.log(
      `client gone after ${(quit.bytes / MIB).toFixed(1)} MiB of the 20 × 4 zip: the server opened ` +
        `${String(openedAtAbort)} of ${String(large.images)} photos (${String(reads.opened)} a second later), ` +
        `reads left open: ${String(reads.open.size)}`,
    );
    for (const [label, c] of [
      ['5 × 1', small],
      ['10 × 2', medium],
      ['20 × 4', large],
    ] as const) {
      console.log(
        `POST /try-on/batches ${label}: ${c.acceptMs.toFixed(0)} ms (${String(c.creditCost)} credits reserved, one reservation and one job per pair)`,
      );
    }
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${String(os.cpus().length)} cores)`,
    );
  } finally {
    await app?.close();
    await database.close();
    await server.stop();
    await fs.rm(root, { recursive: true, force: true });
  }
}
