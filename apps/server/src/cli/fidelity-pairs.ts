import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  referenceRegion,
  type CheckSpec,
  type Region,
  type Segmenter,
} from '../platform/engine/garment-fidelity';

/* The evaluation set's pairs.csv (issue 31 item 3), read strictly: a set is data we act on. */

const HEADER = 'garment,result,category,expected';
/** A set larger than this is a mistake, not an evaluation: each pair costs two model runs. */
const MAX_PAIRS = 5000;

const rowSchema = z.object({
  garment: z.string().min(1),
  result: z.string().min(1),
  category: z.enum(['tops', 'bottoms', 'one-pieces', 'auto']),
  expected: z.enum(['match', 'mismatch']),
});
export type FidelityPair = z.infer<typeof rowSchema>;

/** The pairs, or a message naming the first line that is not one. */
export function parsePairs(csv: string): FidelityPair[] {
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines[0]?.trim() !== HEADER)
    throw new Error(`pairs.csv must start with the header ${HEADER}`);
  if (lines.length - 1 > MAX_PAIRS)
    throw new Error(`pairs.csv has over ${String(MAX_PAIRS)} pairs`);
  return lines.slice(1).map((line, index) => {
    const [garment, result, category, expected, ...extra] = line.split(',').map((v) => v.trim());
    const parsed = rowSchema.safeParse({ garment, result, category, expected });
    if (!parsed.success || extra.length > 0) {
      throw new Error(
        `pairs.csv line ${String(index + 2)}: expected garment,result,category,expected with category tops, bottoms, one-pieces or auto and expected match or mismatch`,
      );
    }
    return parsed.data;
  });
}

/**
 * As a try-on checks its result: the garment as sent (worn or not, told by its skin), the result
 * worn, the part of the outfit the pair's category names.
 */
export const pairSpec = (pair: FidelityPair): CheckSpec => ({
  part: pair.category,
  reference: 'auto',
  result: 'yes',
});

/** A set's files (paths may not leave its directory), and each garment's region found once. */
export function openSet(dir: string, segment: Segmenter) {
  const root = path.resolve(dir);
  const read = (file: string) => {
    const full = path.resolve(root, file);
    if (!full.startsWith(root + path.sep)) throw new Error(`${file} is outside ${root}`);
    return fs.readFile(full);
  };
  const regions = new Map<string, Promise<Region>>();
  return {
    read,
    pairs: async () => parsePairs(await fs.readFile(path.join(root, 'pairs.csv'), 'utf8')),
    /** The pair's garment region, found once per garment and category (a photo costs a model run). */
    reference: (pair: FidelityPair) => {
      const key = `${pair.garment} ${pair.category}`;
      const found =
        regions.get(key) ??
        read(pair.garment).then((image) => referenceRegion(image, segment, pairSpec(pair)));
      regions.set(key, found);
      return found;
    },
  };
}
