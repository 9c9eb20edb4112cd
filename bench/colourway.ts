// Colourways' speed (issue 36 item 5, ADR 063; ARCHITECTURE §8: a colourway of a 2 MP image
// ≤ 1.5 s, six variants ≤ 6 s, median on this 2-core machine), as the worker runs them: on the
// engine thread (colourwayInThread), the photo crossing to it and the output back. A committed
// garment photo (eval/fidelity-set) is flattened on white and resized to 2 MP (1265 × 1581) as a
// seller's JPEG; every run gets a photo of its own (one pixel differs) so nothing is cached from
// the run before: "one colourway" is a set of one (the garment's mask and the photo's Lab worked
// out, then one recolour, encode and measure), "six variants" a set of six (worked out once, then
// six of the rest, one after another as one worker does them).
// Usage: node --import tsx bench/colourway.ts [runs=7] [photo=tank-solid.png]
import { readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  colourwayInThread,
  holdEngineThread,
} from '../apps/server/src/platform/engine/engine-thread';
import { load } from './report';

const ONE_BUDGET_MS = 1500;
const SIX_BUDGET_MS = 6000;
const RUNS = Number(process.argv[2] ?? 7);
const PHOTO = process.argv[3] ?? 'tank-solid.png';
const TARGETS = ['#1f3a5f', '#c0392b', '#f4d03f', '#2e5e3a', '#7b3f9e', '#d8c3a5'];
const OPTIONS = { part: 'auto', worn: 'no' } as const;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

const committed = await readFile(join('eval/fidelity-set/garments', PHOTO));
const base = await sharp(committed)
  .flatten({ background: '#ffffff' })
  .resize(1265, 1581, { fit: 'fill', kernel: 'lanczos3' })
  .raw()
  .toBuffer({ resolveWithObject: true });

/** The 2 MP photo as a JPEG, pixel (run, 0) nudged so each run's photo is new to the cache. */
async function photo(run: number) {
  const pixels = Buffer.from(base.data);
  const p = run * base.info.channels;
  pixels[p] = ((pixels[p] ?? 0) + 1 + run) % 256;
  return sharp(pixels, { raw: base.info }).jpeg({ quality: 92 }).toBuffer();
}

const release = holdEngineThread();
const startLoad = load();
// Warm-up: the thread started, its modules and sharp loaded, the JIT warmed.
for (const target of TARGETS.slice(0, 2))
  await colourwayInThread(await photo(1000), OPTIONS, target);

const one: number[] = [];
const six: number[] = [];
const measures: string[] = [];
for (let run = 0; run < RUNS; run++) {
  const single = await photo(2 * run);
  let started = performance.now();
  await colourwayInThread(single, OPTIONS, TARGETS[run % TARGETS.length] ?? '#1f3a5f');
  one.push(performance.now() - started);

  const set = await photo(2 * run + 1);
  started = performance.now();
  for (const target of TARGETS) {
    const made = await colourwayInThread(set, OPTIONS, target);
    if (run === 0) {
      measures.push(
        `${target} ΔE00 ${made.measure.deltaE.toFixed(2)} ${made.measure.passed ? 'pass' : 'fail'}`,
      );
    }
  }
  six.push(performance.now() - started);
}
await release();

process.stdout.write(
  [
    `colourway bench: ${PHOTO} at ${String(base.info.width)} × ${String(base.info.height)} (${(
      (base.info.width * base.info.height) /
      1e6
    ).toFixed(1)} MP JPEG), ${String(RUNS)} runs, ${String(cpus().length)} cores`,
    `load average (1, 5, 15 min): ${startLoad} at the start, ${load()} at the end`,
    `one colourway (a set of one): median ${ms(median(one))} (budget ≤ ${ms(ONE_BUDGET_MS)}), runs ${one.map(ms).join(', ')}`,
    `six variants (a set of six): median ${ms(median(six))} (budget ≤ ${ms(SIX_BUDGET_MS)}), runs ${six.map(ms).join(', ')}`,
    `first run's measures: ${measures.join(' · ')}`,
    '',
  ].join('\n'),
);
