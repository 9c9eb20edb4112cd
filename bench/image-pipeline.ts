// The image pipeline's two budgets (ARCHITECTURE §8, issue 18 item 4) and where their time goes:
// a 12 MP JPEG upload processed in ≤ 700 ms and a 1000² → 2000² upscale in ≤ 500 ms. Each step is
// timed on its own (sniff, header, decode with orientation, each resize, each encode, the storage
// writes), then the real functions end to end, each printed next to its budget. The encoder table
// compares mozjpeg with libjpeg-turbo (the same library with mozjpeg's extras off) per output size,
// and the upscale's quality section compares its JPEG against the unencoded upscale (PSNR, SSIM), so
// a faster encoder cannot silently cost quality. Inputs are photo-like JPEGs (bench/photo-like.ts).
// Usage: node --import tsx bench/image-pipeline.ts [runs=5] [budgets]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PREVIEW_SIZE, THUMBNAIL_SIZE } from '@studio/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { upscaleImage } from '../apps/server/src/platform/engine';
import { processImage } from '../apps/server/src/platform/images/process-image';
import { createLocalStorage } from '../apps/server/src/platform/storage/local-storage';
import { timedRuns } from './lib/timed-runs';
import { photoLike } from './photo-like';

const RUNS = Number(process.argv[2] ?? 5);
const BUDGETS_ONLY = process.argv[3] === 'budgets';
const UPLOAD_BUDGET_MS = 700;
const UPSCALE_BUDGET_MS = 500;

const median = async (run: () => Promise<unknown>) => (await timedRuns(RUNS, run)).median;

function luma(data: Buffer, channelCount: number): Float64Array {
  const out = new Float64Array(data.length / channelCount);
  for (let i = 0; i < out.length; i++) {
    const at = i * channelCount;
    out[i] = 0.299 * (data[at] ?? 0) + 0.587 * (data[at + 1] ?? 0) + 0.114 * (data[at + 2] ?? 0);
  }
  return out;
}
function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

const photo12mp = await photoLike(4000, 3000);
const square1k = await photoLike(1000, 1000);

console.log(
  `image pipeline, median of ${String(RUNS)} runs after 1 warm-up (sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, ${String(sharp.concurrency())} libvips thread(s) per image, UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'})\n`,
);

const processed = await processImage(photo12mp);
const root = await mkdtemp(path.join(tmpdir(), 'image-pipeline-bench-'));
const storage = createLocalStorage(root);
let writes = 0;
const store = () => {
  const id = `m${String(writes++)}`;
  return Promise.all([
    storage.put(`${id}/original.jpg`, processed.original.body, 'image/jpeg'),
    storage.put(`${id}/thumbnail.webp`, processed.thumbnail.body, 'image/webp'),
    storage.put(`${id}/preview.webp`, processed.preview.body, 'image/webp'),
  ]);
};

// The per-step tables take most of a run; `budgets` skips them for repeated end-to-end figures.
if (!BUDGETS_ONLY) {
  // --- Upload: each step alone, from the same decoded pixels the pipeline uses.
  const decodeOptions = { limitInputPixels: 40_000_000, failOn: 'truncated' } as const;
  const raw = await sharp(photo12mp, decodeOptions)
    .rotate()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = raw.info;
  const pixels = () => sharp(raw.data, { raw: { width, height, channels } });
  const resizedRaw = async (size: number) =>
    pixels()
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  const preview = await resizedRaw(PREVIEW_SIZE);
  const fromRaw = (r: { data: Buffer; info: OutputInfo }) =>
    sharp(r.data, {
      raw: { width: r.info.width, height: r.info.height, channels: r.info.channels },
    });

  const steps: [string, () => Promise<unknown>][] = [
    ['sniff (magic bytes)', () => fileTypeFromBuffer(photo12mp)],
    ['header (pixel count)', () => sharp(photo12mp, { limitInputPixels: false }).metadata()],
    [
      'decode + rotate → raw RGBA (before)',
      () => sharp(photo12mp, decodeOptions).rotate().ensureAlpha().raw().toBuffer(),
    ],
    ['decode + rotate → raw RGB', () => sharp(photo12mp, decodeOptions).rotate().raw().toBuffer()],
    [`resize 12 MP → ${String(PREVIEW_SIZE)} px`, () => resizedRaw(PREVIEW_SIZE)],
    [`resize 12 MP → ${String(THUMBNAIL_SIZE)} px`, () => resizedRaw(THUMBNAIL_SIZE)],
    ['resize 12 MP → 100 px (ThumbHash)', () => resizedRaw(100)],
    [
      `resize ${String(PREVIEW_SIZE)} → ${String(THUMBNAIL_SIZE)} px`,
      () =>
        fromRaw(preview).resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside' }).raw().toBuffer(),
    ],
    [
      `resize ${String(PREVIEW_SIZE)} → 100 px`,
      () => fromRaw(preview).resize(100, 100, { fit: 'inside' }).raw().toBuffer(),
    ],
    [
      'encode original JPEG q90 mozjpeg',
      () => pixels().jpeg({ quality: 90, mozjpeg: true }).toBuffer(),
    ],
    ['encode original JPEG q90 libjpeg-turbo', () => pixels().jpeg({ quality: 90 }).toBuffer()],
    [
      `encode ${String(PREVIEW_SIZE)} px WebP q82 (effort 4, before)`,
      () => fromRaw(preview).webp({ quality: 82 }).toBuffer(),
    ],
    [
      `encode ${String(PREVIEW_SIZE)} px WebP q82 effort 2`,
      () => fromRaw(preview).webp({ quality: 82, effort: 2 }).toBuffer(),
    ],
  ];
  const stepRows: string[] = [];
  for (const [label, run] of steps) stepRows.push(`  ${label}: ${fmt(await median(run))}`);

  stepRows.push(`  storage writes (3 files, local disk): ${fmt(await median(store))}`);
  console.log(`upload steps, 4000×3000 JPEG (${kib(photo12mp.length)}):`);
  for (const row of stepRows) console.log(row);
  console.log(
    `  outputs: original ${kib(processed.original.body.length)}, preview ${kib(processed.preview.body.length)}, thumbnail ${kib(processed.thumbnail.body.length)}\n`,
  );

  // --- Encoders per output size: time and bytes for the same pixels.
  console.log('JPEG encoders per output size (q90; median ms, bytes, PSNR to the pixels encoded):');
  const sizes: [string, () => Sharp][] = [
    ['4000×3000', pixels],
    [`${String(preview.info.width)}×${String(preview.info.height)}`, () => fromRaw(preview)],
    [
      `${String(THUMBNAIL_SIZE)} px`,
      () => fromRaw(preview).resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside' }),
    ],
  ];
  for (const [label, image] of sizes) {
    const source = await image().raw().toBuffer();
    const fidelity = async (jpeg: Buffer) => psnr(source, await sharp(jpeg).raw().toBuffer());
    const moz = await image().jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    const turbo = await image().jpeg({ quality: 90, optimiseCoding: true }).toBuffer();
    const mozMs = await median(() => image().jpeg({ quality: 90, mozjpeg: true }).toBuffer());
    const turboMs = await median(() =>
      image().jpeg({ quality: 90, optimiseCoding: true }).toBuffer(),
    );
    console.log(
      `  ${label}: mozjpeg ${fmt(mozMs)}, ${kib(moz.length)}, ${(await fidelity(moz)).toFixed(1)} dB · libjpeg-turbo ${fmt(turboMs)}, ${kib(turbo.length)}, ${(await fidelity(turbo)).toFixed(1)} dB`,
    );
  }
  console.log('');

  // --- Upscale steps.
  const target = 2000;
  const upscaleSteps: [string, () => Promise<unknown>][] = [
    ['header', () => sharp(square1k).metadata()],
    ['decode', () => sharp(square1k).raw().toBuffer()],
    [
      'decode + lanczos3 → 2000²',
      () => sharp(square1k).resize(target, target, { kernel: 'lanczos3' }).raw().toBuffer(),
    ],
    [
      'decode + lanczos3 + sharpen',
      () =>
        sharp(square1k)
          .resize(target, target, { kernel: 'lanczos3' })
          .sharpen({ sigma: 0.9, m1: 0.4, m2: 1.6 })
          .raw()
          .toBuffer(),
    ],
  ];
  const upscaled = await sharp(square1k)
    .resize(target, target, { kernel: 'lanczos3' })
    .sharpen({ sigma: 0.9, m1: 0.4, m2: 1.6 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const upscaledPixels = () => fromRaw(upscaled);
  upscaleSteps.push(
    [
      'encode 2000² JPEG q92 mozjpeg',
      () => upscaledPixels().jpeg({ quality: 92, mozjpeg: true }).toBuffer(),
    ],
    [
      'encode 2000² JPEG q92 libjpeg-turbo',
      () => upscaledPixels().jpeg({ quality: 92 }).toBuffer(),
    ],
  );
  console.log('upscale steps, 1000×1000 → 2000×2000:');
  for (const [label, run] of upscaleSteps) console.log(`  ${label}: ${fmt(await median(run))}`);

  // --- Quality of the upscale's JPEG against the unencoded upscale, per encoder.
  /** Mean SSIM over 8×8 windows of luma (the usual constants for 8-bit images). */
  function ssim(a: Float64Array, b: Float64Array, w: number, h: number): number {
    const c1 = (0.01 * 255) ** 2;
    const c2 = (0.03 * 255) ** 2;
    let total = 0;
    let windows = 0;
    for (let y = 0; y + 8 <= h; y += 8) {
      for (let x = 0; x + 8 <= w; x += 8) {
        let ma = 0;
        let mb = 0;
        for (let j = 0; j < 8; j++)
          for (let i = 0; i < 8; i++) {
            ma += a[(y + j) * w + x + i] ?? 0;
            mb += b[(y + j) * w + x + i] ?? 0;
          }
        ma /= 64;
        mb /= 64;
        let va = 0;
        let vb = 0;
        let cov = 0;
        for (let j = 0; j < 8; j++)
          for (let i = 0; i < 8; i++) {
            const da = (a[(y + j) * w + x + i] ?? 0) - ma;
            const db = (b[(y + j) * w + x + i] ?? 0) - mb;
            va += da * da;
            vb += db * db;
            cov += da * db;
          }
        va /= 63;
        vb /= 63;
        cov /= 63;
        total +=
          ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
        windows++;
      }
    }
    return total / windows;
  }
  const reference = upscaled.data;
  const refLuma = luma(reference, upscaled.info.channels);
  const quality = async (label: string, jpeg: Buffer) => {
    const decoded = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const l = luma(decoded.data, decoded.info.channels);
    console.log(
      `  ${label}: ${kib(jpeg.length)}, PSNR ${psnr(reference, decoded.data).toFixed(2)} dB, SSIM ${ssim(refLuma, l, target, target).toFixed(4)}`,
    );
  };
  console.log('upscale JPEG against the unencoded upscale (same pixels before encoding):');
  await quality(
    'q92 mozjpeg',
    await upscaledPixels().jpeg({ quality: 92, mozjpeg: true }).toBuffer(),
  );
  await quality('q92 libjpeg-turbo', await upscaledPixels().jpeg({ quality: 92 }).toBuffer());
  await quality('engine output (upscaleImage)', (await upscaleImage(square1k, '2x')).data);
  console.log('');
}

// --- End to end, each against its budget.
const upload = await median(() => processImage(photo12mp));
const uploadStored = await median(async () => {
  await processImage(photo12mp);
  await store();
});
const upscale = await median(() => upscaleImage(square1k, '2x'));
await rm(root, { recursive: true, force: true });
console.log(`upload 12MP: ${fmt(upload)} (budget ${String(UPLOAD_BUDGET_MS)} ms)`);
console.log(`upload 12MP with storage writes: ${fmt(uploadStored)}`);
console.log(`upscale 1000²→2000²: ${fmt(upscale)} (budget ${String(UPSCALE_BUDGET_MS)} ms)`);
