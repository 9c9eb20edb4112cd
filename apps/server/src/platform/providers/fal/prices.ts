import { z } from 'zod';

/*
 * What fal bills per model (issue 31, ADR 053): a price and the unit it is charged by. The
 * defaults are fal's list prices as its model pages gave them (read 2026-11-28); a model not
 * listed is recorded unpriced (its compute time still kept). FAL_PRICES adds or replaces entries.
 */

export const falPriceSchema = z.strictObject({
  usd: z.number().min(0).max(1000),
  /** image / video: each one in the result; request: each request; compute-second: fal's metric. */
  per: z.enum(['image', 'video', 'request', 'compute-second']),
});
export type FalPrice = z.infer<typeof falPriceSchema>;
export type FalPriceTable = Readonly<Record<string, FalPrice>>;

export const DEFAULT_FAL_PRICES: FalPriceTable = {
  // fal.ai/models/fal-ai/flux-pro/kontext: "$0.04 per image"; [max] at $0.08.
  'fal-ai/flux-pro/kontext': { usd: 0.04, per: 'image' },
  'fal-ai/flux-pro/kontext/multi': { usd: 0.04, per: 'image' },
  'fal-ai/flux-pro/kontext/max': { usd: 0.08, per: 'image' },
  'fal-ai/flux-pro/kontext/max/multi': { usd: 0.08, per: 'image' },
  // fal.ai/models/fal-ai/nano-banana-pro/edit: "$0.15 per image", 4K at double (not told apart
  // here: a 4K run is recorded at the base price; set FAL_PRICES for a 4K-only deployment).
  'fal-ai/nano-banana-pro/edit': { usd: 0.15, per: 'image' },
  // fal.ai/models/fal-ai/nano-banana-2/edit/llms.txt (read 2026-11-29): "$0.08 per image", 2K at
  // 1.5× and 4K at 2× (recorded at the base price, as Nano Banana Pro's 4K is).
  'fal-ai/nano-banana-2/edit': { usd: 0.08, per: 'image' },
};

const resultSchema = z.object({
  images: z.array(z.unknown()).optional(),
  image: z.unknown().optional(),
  video: z.unknown().optional(),
});

export interface RequestCost {
  /** How many of the price's unit the request used; null when it cannot be told. */
  units: number | null;
  /** In US dollars; null when the model has no price in the table. */
  costUsd: number | null;
}

/** One finished request's cost: its result's images or videos (flagged ones are billed too). */
export function costOf(
  prices: FalPriceTable,
  modelId: string,
  result: unknown,
  inferenceMs: number | null,
): RequestCost {
  const price = prices[modelId];
  if (!price) return { units: null, costUsd: null };
  const parsed = resultSchema.safeParse(result);
  const media = parsed.success ? parsed.data : {};
  const units =
    price.per === 'image'
      ? (media.images?.length ?? 0) + (media.image === undefined ? 0 : 1)
      : price.per === 'video'
        ? media.video === undefined
          ? 0
          : 1
        : price.per === 'request'
          ? 1
          : inferenceMs === null
            ? null
            : inferenceMs / 1000;
  return { units, costUsd: units === null ? null : round(units * price.usd) };
}

/** Micro-dollars: what the table's numeric column keeps. */
const round = (usd: number) => Math.round(usd * 1e6) / 1e6;
