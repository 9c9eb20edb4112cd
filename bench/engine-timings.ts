// Local engine timings, in process (no database): the upload pipeline (processImage: type sniff,
// header check, one decode with orientation, re-encoded original, 256 px thumbnail, 1440 px preview,
// ThumbHash) on a 12 MP photo-like JPEG, and the classical upscaler (Lanczos3 + unsharp mask + JPEG)
// for '2x' of 1000×1000 and '4k' of 1500×1000. Inputs are made with sharp: an SVG scene with
// gradients and shapes, overlaid with Gaussian grain, so the JPEGs compress like photos.
// Usage: node --import tsx bench/engine-timings.ts [runs=5]
import sharp from 'sharp';
import { upscaleImage } from '../apps/server/src/platform/engine';
import { processImage } from '../apps/server/src/platform/images/process-image';

const RUNS = Number(process.argv[2] ?? 5);

async function photoLike(width: number, height: number): Promise<Buffer> {
  const w = String(width);
  const h = String(height);
  const shapes = Array.from({ length: 24 }, (_, i) => {
    const x = ((i * 37) % 100) / 100;
    const y = ((i * 53) % 100) / 100;
    const r = 0.04 + ((i * 17) % 10) / 80;
    const hue = String((i * 47) % 360);
    return `<ellipse cx="${String(x * width)}" cy="${String(y * height)}" rx="${String(r * width)}" ry="${String(r * height * 1.3)}" fill="hsl(${hue},55%,${String(35 + (i % 5) * 8)}%)" fill-opacity="0.65"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0.3" y2="1">
        <stop offset="0" stop-color="#dfe9f3"/><stop offset="0.55" stop-color="#c9b79c"/><stop offset="1" stop-color="#5b4636"/>
      </linearGradient>
      <radialGradient id="light" cx="0.7" cy="0.25" r="0.6">
        <stop offset="0" stop-color="#fff8e0" stop-opacity="0.8"/><stop offset="1" stop-color="#fff8e0" stop-opacity="0"/>
      </radialGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    ${shapes}
    <path d="M${String(width * 0.35)} ${String(height * 0.2)} L${String(width * 0.65)} ${String(height * 0.2)} L${String(width * 0.74)} ${String(height * 0.9)} L${String(width * 0.26)} ${String(height * 0.9)} Z" fill="#b03a48"/>
    <rect width="100%" height="100%" fill="url(#light)"/>
  </svg>`;
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function time(run: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  await run(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)] ?? NaN, max: ms.at(-1) ?? NaN };
}

const photo12mp = await photoLike(4000, 3000);
const square1k = await photoLike(1000, 1000);
const wide1500 = await photoLike(1500, 1000);
const mib = (b: Buffer) => `${(b.length / 1024 / 1024).toFixed(1)} MiB`;

const cases: [string, () => Promise<unknown>][] = [
  [`processImage, 4000×3000 JPEG (${mib(photo12mp)})`, () => processImage(photo12mp)],
  [`upscale '2x', 1000×1000 → 2000×2000`, () => upscaleImage(square1k, '2x')],
  [`upscale '4k', 1500×1000 → 3840×2560`, () => upscaleImage(wide1500, '4k')],
];

console.log(
  `local engine timings, ${String(RUNS)} runs after 1 warm-up (sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, ${String(sharp.concurrency())} threads)\n`,
);
const rows: string[][] = [['operation', 'median ms', 'max ms']];
for (const [label, run] of cases) {
  const { median, max } = await time(run);
  rows.push([label, median.toFixed(0), max.toFixed(0)]);
}
const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
for (const row of rows)
  console.log(
    row
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
      .join('  '),
  );
