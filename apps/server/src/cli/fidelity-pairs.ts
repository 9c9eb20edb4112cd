import { z } from 'zod';

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
