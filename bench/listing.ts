// The listing check and fix on a 12 MP photo (issue 33: a check ≤ 300 ms and a fix ≤ 2 s, median,
// on this 2-core machine), in process, against Amazon's main image (the slot with every picture
// rule). The photo: a dress (fill 70 %) on an off-white sweep with a gentle falloff and sensor
// grain, 4000 × 3000, so the check fails background, fill and aspect and the fix has all to do:
// cut out, reframe to 3:4, re-encode. The model path (a photo on a wooden table, where the backdrop
// is not plain and the segmentation model runs) is timed once, warm, and reported beside.
// Usage: node --import tsx bench/listing.ts [rounds=5]
import { cpus } from 'node:os';
import { marketplace } from '@studio/contract/listing';
import sharp from 'sharp';
import { segmentForeground } from '../apps/server/src/platform/engine/background-removal';
import { checkListingImage } from '../apps/server/src/platform/engine/listing-check';
import { fixListingImage } from '../apps/server/src/platform/engine/listing-fix';
import { woodTablePhoto } from '../apps/server/src/platform/engine/listing-fixtures/make-fixtures';
import { studioPhoto } from './lib/studio-photo';
import { timedRuns } from './lib/timed-runs';
import { load } from './report';

const CHECK_BUDGET_MS = 300;
const FIX_BUDGET_MS = 2000;
const ROUNDS = Number(process.argv[2] ?? 5);
const rules = marketplace('amazon').slots.main;

const ms = (value: number) => `${value.toFixed(0)} ms`;
const photo = await studioPhoto(4000, 3000);
const before = await checkListingImage(photo, rules);
const failing = before.checks.filter((c) => !c.passed).map((c) => c.rule);
console.log(
  `listing check and fix, Amazon main, 4000 × 3000 JPEG (${String(Math.round(photo.length / 1024))} KB) on a plain sweep, failing ${failing.join(', ')}; ${String(ROUNDS)} rounds after 1 warm-up; ${String(cpus().length)} CPUs, load ${load()} (sharp ${sharp.versions.sharp})`,
);
const check = await timedRuns(ROUNDS, () => checkListingImage(photo, rules));
console.log(
  `check: median ${ms(check.median)} (budget ≤ ${ms(CHECK_BUDGET_MS)}), max ${ms(check.max)}; load ${load()}`,
);
const fix = await timedRuns(ROUNDS, () => fixListingImage(photo, rules));
const fixed = await fixListingImage(photo, rules);
const after = await checkListingImage(fixed.data, rules);
console.log(
  `fix: median ${ms(fix.median)} (budget ≤ ${ms(FIX_BUDGET_MS)}), max ${ms(fix.max)}; output ${String(fixed.width)} × ${String(fixed.height)}, ${String(Math.round(fixed.data.length / 1024))} KB, compliant ${String(after.compliant)}; load ${load()}`,
);

// The model path, once each after a warm-up inference (the model's load is not a listing cost).
const wood = await woodTablePhoto(4000, 3000);
await segmentForeground(wood);
const timeOnce = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};
const modelCheck = await timeOnce(() => checkListingImage(wood, rules));
const modelFix = await timeOnce(() => fixListingImage(wood, rules));
console.log(
  `model path (4000 × 3000 on a wooden table, segmentation model): check ${ms(modelCheck)}, fix ${ms(modelFix)}, once each, warm (no budget: the model alone takes seconds); load ${load()}`,
);
// The engine thread holds the process open after the model ran.
process.exit(0);
