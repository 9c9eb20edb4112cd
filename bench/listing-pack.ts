// A listing pack of a try-on catalogue with fixes (issue 33: a 20 × 4 catalogue pack ≤ 60 s with
// fixes, ADR 057), on the real app (buildApp over a fresh embedded PostgreSQL and local-disk
// storage) with its generation worker running on the local engine. The catalogue is started through
// the real `POST /api/v1/try-on/batches` and its pairs marked succeeded with stored outputs, one
// image per pair, instead of running the try-on jobs (bench/lib/catalogue.ts; the worker's try-on
// runs are held until the pairs are stored, then let go). The outputs are studio shots: a dress
// on an off-white sweep (#F2EFEA), 864 × 1296 JPEG (FASHN v1.6's output size), so every main image
// fails Amazon on background, aspect and pixels and every additional one on pixels, and the engine
// keys the backdrop by colour (the default segmenter, the model, is given and not needed). Timed in
// one run: (1) `POST /api/v1/listing/packs { marketplace: 'amazon', batchId, fix: true }` until its
// 201 (every image checked, every one fixed by a listing-prepare generation the worker runs); (2)
// the GET of its link to the zip's last byte; then the zip is verified (names, manifest.csv, an
// independent pixel check) and (3) the same pack asked for again (nothing to fix, nothing charged).
// Per-stage figures come from the rows the app keeps (listing_checks.checked_at, the fixes'
// created/started/saving/finished times) and the engine time of each fix.
// Usage: node --import tsx bench/listing-pack.ts [garments=20] [models=4]
//   (WORKER_CONCURRENCY=n in the environment is passed to the app.)
import { once } from 'node:events';
import { cpus } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import type { ListingPackAccepted } from '@studio/contract';
import { marketplace } from '@studio/contract/listing';
import sharp from 'sharp';
import { balanceOf } from '../apps/server/src/modules/credits/credits.service';
import { checkListingImage } from '../apps/server/src/platform/engine/listing-check';
import { processImage } from '../apps/server/src/platform/images/process-image';
import { createLocalProvider } from '../apps/server/src/platform/providers/local-provider';
import {
  ProviderError,
  type GenerationProvider,
} from '../apps/server/src/platform/providers/types';
import { readZip } from '../apps/server/test/read-zip';
import { createLocalStorage } from '../apps/server/src/platform/storage/local-storage';
import type { Storage } from '../apps/server/src/platform/storage/storage';
import { BENCH_ORIGIN, startBenchApp } from './lib/bench-app';
import { seedCatalogue } from './lib/catalogue';
import { studioPhoto } from './lib/studio-photo';
import { printTable, quantile, load } from './report';

const BUDGET_S = 60;
const GARMENTS = Number(process.argv[2] ?? 20);
const MODELS = Number(process.argv[3] ?? 4);
const SWEEP = '#f2efea';
const GARMENT_COLOURS = ['#2b4c7e', '#9c2f3f', '#3f6b4a', '#6b4a8c'];

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const msOf = (ms: number) => `${ms.toFixed(0)} ms`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => quantile(sorted(values), 0.5);

/** The local engine; a catalogue pair's try-on is held until the bench has stored its outputs. */
const local = createLocalProvider();
let releasePairs: () => void = () => undefined;
const pairsStored = new Promise<void>((resolve) => {
  releasePairs = resolve;
});
/** Each listing-prepare run in the provider: when it began (epoch ms) and how long it took. */
const fixRuns: { at: number; ms: number }[] = [];
const provider: GenerationProvider = {
  ...local,
  // Declared try-on-capable so the pairs are charged as on fal (as bench/batch-zip.ts does).
  capabilities: () => [...local.capabilities(), 'try-on'],
  async run(job, ctx) {
    if (job.type === 'try-on') {
      // The pair is marked succeeded meanwhile: the runner then finds it settled and lets it be.
      await Promise.race([pairsStored, once(ctx.signal, 'abort')]);
      throw new ProviderError('The bench stored this pair itself.', false);
    }
    const at = Date.now();
    const started = performance.now();
    try {
      return await local.run(job, ctx);
    } finally {
      if (job.type === 'listing-prepare') fixRuns.push({ at, ms: performance.now() - started });
    }
  },
};

/**
 * An Amazon image checked by its pixels, independently of the engine: a JPEG with a long side of
 * at least 1,600 px; a main image also 3:4 (±5 %), its border 255 ± 2 on every channel, and the
 * product (pixels off white by more than 16 on a channel) spanning ≥ 85 % of the frame.
 */
async function pixelCheck(data: Buffer, main: boolean): Promise<string[]> {
  const problems: string[] = [];
  const meta = await sharp(data).metadata();
  const { width, height } = meta;
  if (meta.format !== 'jpeg') problems.push(`format ${meta.format}`);
  if (Math.max(width, height) < 1600) problems.push(`${String(width)} × ${String(height)}`);
  if (!main) return problems;
  if (Math.abs(width / height / 0.75 - 1) > 0.05)
    problems.push(`aspect ${(width / height).toFixed(3)}`);
  const { data: pixels, info } = await sharp(data)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number, c: number) => pixels[(y * info.width + x) * 3 + c] ?? 0;
  let borderOff = 0;
  let [left, right, top, bottom] = [info.width, -1, info.height, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const border = x === 0 || y === 0 || x === info.width - 1 || y === info.height - 1;
      let min = 255;
      for (let c = 0; c < 3; c++) min = Math.min(min, at(x, y, c));
      if (border && min < 253) borderOff++;
      if (min < 239) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  if (borderOff > 0) problems.push(`${String(borderOff)} border pixels off white`);
  const fill = Math.max((right - left + 1) / info.width, (bottom - top + 1) / info.height);
  if (fill < 0.85) problems.push(`fill ${(fill * 100).toFixed(1)} %`);
  return problems;
}

async function main(): Promise<void> {
  const loadAtStart = load();
  const concurrency = process.env.WORKER_CONCURRENCY;
  let storage: Storage | undefined;
  const bench = await startBenchApp('listing-pack', {
    env: concurrency ? { WORKER_CONCURRENCY: concurrency } : {},
    deps: (dataDir) => {
      storage = createLocalStorage(path.join(dataDir, 'media'));
      return { storage, provider, worker: true };
    },
  });
  try {
    const { address, database } = bench;
    const { db, pool } = database;
    if (!storage) throw new Error('no storage');
    const user = await bench.signUp('seller@example.com', 'Bench Seller');

    // The pairs' outputs: four studio shots, one dress colour per model.
    const shots = await Promise.all(
      GARMENT_COLOURS.map((garment) =>
        studioPhoto(864, 1296, { backdrop: SWEEP, garment, fill: 0.78 }),
      ),
    );
    const amazon = marketplace('amazon').slots;
    const failing = async (slot: 'main' | 'additional') => {
      const rules = amazon[slot];
      const check = await checkListingImage(shots[0] ?? Buffer.alloc(0), rules);
      return check.checks.filter((c) => !c.passed).map((c) => c.rule);
    };
    const [mainFails, additionalFails] = [await failing('main'), await failing('additional')];
    const outputs = await Promise.all(shots.map((shot) => processImage(shot)));
    const input = await processImage(await studioPhoto(400, 600, { backdrop: SWEEP }));

    const seeding = performance.now();
    const catalogue = await seedCatalogue({ address, db, storage }, user, {
      garments: GARMENTS,
      models: MODELS,
      imagesPerPair: 1,
      input,
      outputs,
    });
    releasePairs();
    // The queue's pair jobs end at once now (their generations are settled); wait until it is empty.
    for (let i = 0; ; i++) {
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where name = 'generation' and state in ('created', 'retry', 'active')`,
      );
      if ((rows[0]?.n ?? 0) === 0) break;
      if (i > 300) throw new Error('the pair jobs did not drain');
      await delay(100);
    }
    const seedMs = performance.now() - seeding;
    const images = catalogue.images;
    console.log(
      `listing pack, Amazon, fix: true: a ${String(GARMENTS)} × ${String(MODELS)} catalogue (${String(images)} images, 1 per pair) of 864 × 1296 JPEG studio shots on ${SWEEP.toUpperCase()} (${outputs.map((o) => String(Math.round(o.original.body.length / 1024))).join('/')} KB); main images fail ${mainFails.join(', ')}, additional ones ${additionalFails.join(', ')}; seeded in ${s(seedMs)}`,
    );
    console.log(
      `real app + generation worker (WORKER_CONCURRENCY ${concurrency ?? '2 (default)'}), local engine, default segmenter; ${String(cpus().length)} CPUs; load at start ${loadAtStart}, before the run ${load()}`,
    );

    const post = (body: Record<string, unknown>) =>
      fetch(`${address}/api/v1/listing/packs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BENCH_ORIGIN, cookie: user.cookie },
        body: JSON.stringify(body),
      });
    const request = { marketplace: 'amazon', batchId: catalogue.batchId, fix: true };
    /** One POST until its answer and one GET of its link to the last byte. */
    const makeAndDownload = async () => {
      const cpu = process.cpuUsage();
      const elu = performance.eventLoopUtilization();
      const at = Date.now();
      const started = performance.now();
      const res = await post(request);
      const text = await res.text();
      const postMs = performance.now() - started;
      const postCpu = process.cpuUsage(cpu);
      const postElu = performance.eventLoopUtilization(elu);
      const posted = { at, postMs, postCpu, postElu, status: res.status, text };
      if (res.status !== 201) return { ...posted, done: null };
      const answer = JSON.parse(text) as ListingPackAccepted;
      const downloading = performance.now();
      const zipRes = await fetch(`${address}${answer.url}`, { headers: { cookie: user.cookie } });
      const zip = Buffer.from(await zipRes.arrayBuffer());
      const zipMs = performance.now() - downloading;
      if (zipRes.status !== 200) throw new Error(`the zip answered ${String(zipRes.status)}`);
      return { ...posted, done: { answer, zip, zipMs } };
    };

    // (1) and (2): the pack and its zip.
    const balanceBefore = await balanceOf(db, user.id);
    const first = await makeAndDownload();
    const loadAfterFirst = load();
    const balanceAfter = await balanceOf(db, user.id);

    // Per stage, from the rows the app keeps.
    const outputUrls = (
      await pool.query<{ url: string }>(
        `select jsonb_array_elements_text(image_urls) as url from generations where batch_id = $1`,
        [catalogue.batchId],
      )
    ).rows.map((row) => row.url);
    const checkTimes = (
      await pool.query<{ at: Date }>(
        `select checked_at as at from listing_checks where user_id = $1 and image_url = any($2) order by checked_at`,
        [user.id, outputUrls],
      )
    ).rows.map((row) => row.at.getTime());
    const fixes = (
      await pool.query<{
        created: Date;
        started: Date | null;
        saving: Date | null;
        finished: Date | null;
        status: string;
        credits: number;
      }>(
        `select created_at as created, started_at as started, saving_started_at as saving, finished_at as finished, status, credits
           from generations where user_id = $1 and type = 'listing-prepare' order by started_at`,
        [user.id],
      )
    ).rows;
    const since = (t: number) => s(t - first.at);
    const firstCheck = checkTimes[0] ?? NaN;
    const lastCheck = checkTimes.at(-1) ?? NaN;
    const gaps = checkTimes.slice(1).map((t, i) => t - (checkTimes[i] ?? t));
    const fixCreated = Math.min(...fixes.map((f) => f.created.getTime()));
    const fixStarted = fixes.flatMap((f) => (f.started ? [f.started.getTime()] : []));
    const fixFinished = fixes.flatMap((f) => (f.finished ? [f.finished.getTime()] : []));
    const runMs = fixes.flatMap((f) =>
      f.started && f.finished ? [f.finished.getTime() - f.started.getTime()] : [],
    );
    const savingMs = fixes.flatMap((f) =>
      f.saving && f.finished ? [f.finished.getTime() - f.saving.getTime()] : [],
    );
    const waitMs = fixes.flatMap((f) =>
      f.started ? [f.started.getTime() - f.created.getTime()] : [],
    );
    const engineMs = fixRuns.map((run) => run.ms);
    const lastFinished = Math.max(...fixFinished);
    const fixSpan = lastFinished - Math.min(...fixStarted);
    const busy = runMs.reduce((sum, ms) => sum + ms, 0);
    const stats = (values: number[]) =>
      values.length === 0
        ? '-'
        : `median ${msOf(median(values))}, p90 ${msOf(quantile(sorted(values), 0.9))}, max ${msOf(Math.max(...values))}`;

    const made = first.done;
    if (!made) {
      console.log(
        `listing pack ${String(GARMENTS)} × ${String(MODELS)} with fixes: POST answered ${String(first.status)} after ${s(first.postMs)} — budget ≤ ${String(BUDGET_S)} s: ${first.text.slice(0, 400)}`,
      );
    } else {
      const totalMs = first.postMs + made.zipMs;
      console.log(
        `\nlisting pack ${String(GARMENTS)} × ${String(MODELS)} with fixes: total ${s(totalMs)} (POST ${s(first.postMs)}, zip ${s(made.zipMs)}, ${(made.zip.length / 1024 / 1024).toFixed(1)} MiB) — budget ≤ ${String(BUDGET_S)} s${totalMs <= BUDGET_S * 1000 ? '' : ' MISSED'}; load at start ${loadAtStart}, after ${loadAfterFirst}`,
      );
    }
    const cpuMs = (first.postCpu.user + first.postCpu.system) / 1000;
    console.log('\nwhere the POST went (seconds from its start; app rows and the provider):');
    printTable([
      ['stage', 'from', 'to', 'took', 'count', 'each'],
      [
        'checks of the catalogue images (in series)',
        since(firstCheck),
        since(lastCheck),
        s(lastCheck - first.at),
        String(checkTimes.length),
        gaps.length > 0 ? `median ${msOf(median(gaps))} apart` : '-',
      ],
      [
        'fixes (listing-prepare generations)',
        since(fixCreated),
        since(lastFinished),
        s(lastFinished - fixCreated),
        `${String(fixes.filter((f) => f.status === 'succeeded').length)}/${String(fixes.length)} succeeded`,
        `${(fixSpan / Math.max(1, fixes.length)).toFixed(0)} ms per fix overall`,
      ],
      ['  queue wait (created → taken)', '', '', '', '', stats(waitMs)],
      ['  worker run (taken → finished)', '', '', '', '', stats(runMs)],
      ['  engine fix + re-check (provider)', '', '', '', '', stats(engineMs)],
      ['  storing (saving → finished)', '', '', '', '', stats(savingMs)],
      [
        'after the last fix → 201',
        since(lastFinished),
        s(first.postMs),
        s(first.postMs - (lastFinished - first.at)),
        '',
        '',
      ],
    ]);
    console.log(
      `worker busy ${s(busy)} of the ${s(fixSpan)} the fixes took (${(busy / Math.max(1, fixSpan)).toFixed(2)} runs at a time on average)` +
        `; the process used ${s(cpuMs)} CPU in the ${s(first.postMs)} POST (${(cpuMs / first.postMs).toFixed(2)} cores), event loop ${(first.postElu.utilization * 100).toFixed(0)} % busy`,
    );
    console.log(
      `credits charged: ${String(balanceBefore - balanceAfter)} (the answer's creditCost ${made ? String(made.answer.creditCost) : '-'}; ${String(fixes.reduce((sum, f) => sum + (f.status === 'succeeded' ? f.credits : 0), 0))} in the fixes' rows)`,
    );
    if (!made) {
      process.exitCode = 1;
      return;
    }

    // Verified: the names, manifest.csv, and every image by its pixels.
    const entries = await readZip(made.zip);
    const expected = Array.from({ length: GARMENTS }, (_, g) =>
      Array.from({ length: MODELS }, (_, m) => {
        const sku = `GARMENT${String(g + 1)}SUMMER`;
        return m === 0 ? `${sku}.MAIN.jpg` : `${sku}.PT${String(m).padStart(2, '0')}.jpg`;
      }),
    ).flat();
    const names = entries.map((e) => e.name);
    const missing = expected.filter((name) => !names.includes(name));
    const extra = names.filter((name) => name !== 'manifest.csv' && !expected.includes(name));
    const manifest = entries.find((e) => e.name === 'manifest.csv')?.data.toString('utf8') ?? '';
    const [header = '', ...rows] = manifest.trimEnd().split('\r\n');
    const columns = header.split(',');
    const col = (name: string) => columns.indexOf(name);
    const notCompliant = rows.filter((row) => row.split(',')[col('compliant')] !== 'yes');
    const sizeMismatch = [];
    const pixelProblems: string[] = [];
    for (const row of rows) {
      const cells = row.split(',');
      const entry = entries.find((e) => e.name === cells[col('file')]);
      if (!entry) continue;
      const meta = await sharp(entry.data).metadata();
      if (
        String(meta.width) !== cells[col('width')] ||
        String(meta.height) !== cells[col('height')]
      )
        sizeMismatch.push(entry.name);
      const problems = await pixelCheck(entry.data, entry.name.includes('.MAIN.'));
      if (problems.length > 0) pixelProblems.push(`${entry.name}: ${problems.join(', ')}`);
    }
    const mains = entries.filter((e) => e.name.includes('.MAIN.'));
    const mainMeta = mains[0] ? await sharp(mains[0].data).metadata() : undefined;
    const ok =
      missing.length === 0 &&
      extra.length === 0 &&
      rows.length === images &&
      notCompliant.length === 0 &&
      sizeMismatch.length === 0 &&
      pixelProblems.length === 0;
    console.log(
      `\nzip: ${String(entries.length)} entries (${String(images)} images + manifest.csv expected), names ${missing.length === 0 && extra.length === 0 ? 'as expected' : `missing ${missing.slice(0, 3).join(' ')} extra ${extra.slice(0, 3).join(' ')}`} (${names.slice(0, 4).join(', ')}…); manifest.csv ${String(rows.length)} rows, compliant for ${String(rows.length - notCompliant.length)}, sizes agree with the files ${sizeMismatch.length === 0 ? 'for all' : `except ${String(sizeMismatch.length)}`}; independent pixel check (JPEG, long side ≥ 1600; main 3:4, border 255 ± 2, fill ≥ 85 %): ${pixelProblems.length === 0 ? 'all pass' : pixelProblems.slice(0, 5).join('; ')}; main images ${String(mainMeta?.width)} × ${String(mainMeta?.height)}`,
    );
    console.log(`note: ${made.answer.note}`);

    // (3) The same pack again: every check kept, every fix found under its key.
    const fixRowsBefore = fixes.length;
    const again = await makeAndDownload();
    const balanceAgain = await balanceOf(db, user.id);
    const { rows: fixRowsNow } = await pool.query<{ n: number }>(
      `select count(*)::int as n from generations where user_id = $1 and type = 'listing-prepare'`,
      [user.id],
    );
    const remade = again.done;
    if (!remade) {
      console.log(`again: POST answered ${String(again.status)}: ${again.text.slice(0, 300)}`);
      process.exitCode = 1;
      return;
    }
    const sameZip = remade.zip.length === made.zip.length;
    console.log(
      `the same pack again: total ${s(again.postMs + remade.zipMs)} (POST ${msOf(again.postMs)}, zip ${s(remade.zipMs)}), charged ${String(balanceAfter - balanceAgain)} credits (creditCost ${String(remade.answer.creditCost)}), fix generations ${String(fixRowsBefore)} → ${String(fixRowsNow[0]?.n ?? NaN)}, zip ${sameZip ? 'the same size' : 'of another size'}; load ${load()}`,
    );
    console.log(`load average at the end: ${load()} (${String(cpus().length)} cores)`);
    if (!ok) process.exitCode = 1;
  } finally {
    await bench.close();
  }
}

await main();
// The engine thread may hold the process open after the model ran.
process.exit();
