// The garment-fidelity check's own time per scored output (issue 31: at most 2 s median on this
// 2-core machine): for every result of the evaluation set, what the worker runs after storing an
// output (the result's garment mask, guided by the reference's colours, and the comparison), the
// reference's region found once per garment as the worker finds it once per result. Each result is
// timed over R rounds after one warm-up round; the median, p95 and worst are printed next to the
// budget. The set's backdrops are plain, so the segmentation model (3–4 s, engine tier) is not run:
// a photo on a busy backdrop adds one model run (docs/performance.md).
// Usage: node --import tsx bench/garment-fidelity.ts [rounds=3] [dir=eval/fidelity-set]
import { openSet, pairSpec } from '../apps/server/src/cli/fidelity-pairs';
import { scoreOutput } from '../apps/server/src/platform/engine/garment-fidelity';
import { quantile } from './report';

const BUDGET_MEDIAN_MS = 2000;
const rounds = Number(process.argv[2] ?? 3);
const noModel = () => Promise.reject(new Error('the set has plain backdrops'));
const set = openSet(process.argv[3] ?? 'eval/fidelity-set', noModel);

const pairs = await set.pairs();
const times: number[] = [];
for (let round = 0; round <= rounds; round++) {
  for (const pair of pairs) {
    const known = await set.reference(pair);
    const [garment, result] = await Promise.all([set.read(pair.garment), set.read(pair.result)]);
    const started = performance.now();
    await scoreOutput(garment, result, noModel, pairSpec(pair), known);
    // Round 0 warms the JIT and sharp's caches.
    if (round > 0) times.push(performance.now() - started);
  }
}
times.sort((a, b) => a - b);
const ms = (v: number) => `${v.toFixed(0)} ms`;
process.stdout.write(
  `garment-fidelity check per output: ${String(times.length)} runs (${String(pairs.length)} results × ${String(rounds)}), median ${ms(quantile(times, 0.5))} (budget ≤ ${ms(BUDGET_MEDIAN_MS)}), p95 ${ms(quantile(times, 0.95))}, worst ${ms(times.at(-1) ?? 0)}\n`,
);
