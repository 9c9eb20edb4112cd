// Local engine timings, in process (no database): the upload pipeline (processImage: type sniff,
// header check, one decode with orientation, re-encoded original, 256 px thumbnail, 1440 px preview,
// ThumbHash) on a 12 MP photo-like JPEG, and the classical upscaler (Lanczos3 + unsharp mask + JPEG)
// for '2x' of 1000×1000 and '4k' of 1500×1000. Inputs are made with sharp: an SVG scene with
// gradients and shapes, overlaid with Gaussian grain, so the JPEGs compress like photos.
// Usage: node --import tsx bench/engine-timings.ts [runs=5]
import sharp from 'sharp';
import { upscaleImage } from '../apps/server/src/platform/engine';
import { processImage } from '../apps/server/src/platform/images/process-image';
import { timedRuns } from './lib/timed-runs';
import { photoLike } from './photo-like';
import { printTable } from './report';

const RUNS = Number(process.argv[2] ?? 5);

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
  const { median, max } = await timedRuns(RUNS, run);
  rows.push([label, median.toFixed(0), max.toFixed(0)]);
}
printTable(rows);
