/**
 * `npm run -s fidelity:eval -- DIR` (issue 31 item 3): the garment-fidelity check on every pair of
 * DIR/pairs.csv (`garment,result,category,expected`, paths relative to DIR, `expected` match or
 * mismatch, `category` tops, bottoms, one-pieces or auto), one line per pair, then the totals. The
 * check is the worker's own (ADR 037), with the engine's segmentation model where an image has no
 * transparency.
 */
import { segmentForeground } from '../platform/engine/background-removal';
import { scoreOutput } from '../platform/engine/garment-fidelity';
import { openSet, pairSpec } from './fidelity-pairs';

async function main(): Promise<number> {
  const dirArg = process.argv[2];
  if (!dirArg) {
    process.stderr.write('Usage: npm run -s fidelity:eval -- DIR   (DIR holds pairs.csv)\n');
    return 1;
  }
  const set = openSet(dirArg, segmentForeground);
  const pairs = await set.pairs();
  let correct = 0;
  let falsePasses = 0;
  let falseFailures = 0;
  let unscored = 0;
  for (const pair of pairs) {
    let line: string;
    try {
      const known = await set.reference(pair);
      const [garment, result] = await Promise.all([set.read(pair.garment), set.read(pair.result)]);
      // As the worker scores it: a result in which no garment is found lost it (a fail).
      const score = await scoreOutput(garment, result, segmentForeground, pairSpec(pair), known);
      const verdict = score.passed ? 'match' : 'mismatch';
      const right = verdict === pair.expected;
      if (right) correct++;
      else if (score.passed) falsePasses++;
      else falseFailures++;
      const mark = right ? 'ok' : score.passed ? 'FALSE PASS' : 'FALSE FAILURE';
      line = `${verdict.padEnd(8)} ΔE00 ${score.colourDifference.toFixed(2).padStart(6)}  pattern ${score.patternSimilarity.toFixed(3)}  expected ${pair.expected.padEnd(8)} ${mark.padEnd(13)} ${pair.result} (${pair.category})`;
    } catch (error) {
      // The garment or a result could not be read: the worker keeps such a result unscored,
      // which counts as wrong here.
      unscored++;
      if (pair.expected === 'match') falseFailures++;
      else falsePasses++;
      line = `unscored ${error instanceof Error ? error.message : String(error)}  expected ${pair.expected} ${pair.result}`;
    }
    process.stdout.write(`${line}\n`);
  }
  const accuracy = pairs.length > 0 ? (correct / pairs.length) * 100 : 0;
  process.stdout.write(
    `fidelity-eval: ${String(pairs.length)} pairs, accuracy ${accuracy.toFixed(1)} %, false passes ${String(falsePasses)}, false failures ${String(falseFailures)}${unscored > 0 ? ` (${String(unscored)} unscored)` : ''}\n`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
