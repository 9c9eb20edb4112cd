import { describe, expect, it } from 'vitest';
import { costOf, DEFAULT_FAL_PRICES, type FalPriceTable } from './prices';

const table: FalPriceTable = {
  ...DEFAULT_FAL_PRICES,
  'owner/video': { usd: 0.5, per: 'video' },
  'owner/flat': { usd: 0.01, per: 'request' },
  'owner/gpu': { usd: 0.0012, per: 'compute-second' },
};
const image = { url: 'https://fal.media/a.jpg' };

describe('a fal request’s cost by the price table', () => {
  it('counts every image in the result, the ones the safety filter blanked too', () => {
    const result = { images: [image, image, image], has_nsfw_concepts: [false, true, false] };
    expect(costOf(table, 'fal-ai/flux-pro/kontext/max', result, 4200)).toEqual({
      units: 3,
      costUsd: 0.24,
    });
    expect(costOf(table, 'fal-ai/nano-banana-pro/edit', { images: [image] }, null)).toEqual({
      units: 1,
      costUsd: 0.15,
    });
  });

  it('prices a video, a request or the compute time as the model is billed', () => {
    expect(costOf(table, 'owner/video', { video: { url: 'v' } }, 1000)).toEqual({
      units: 1,
      costUsd: 0.5,
    });
    expect(costOf(table, 'owner/flat', { output: 'text' }, null)).toEqual({
      units: 1,
      costUsd: 0.01,
    });
    expect(costOf(table, 'owner/gpu', {}, 2500)).toEqual({ units: 2.5, costUsd: 0.003 });
    expect(costOf(table, 'owner/gpu', {}, null)).toEqual({ units: null, costUsd: null });
  });

  it('leaves a model without a price unpriced instead of guessing', () => {
    expect(costOf(table, 'fal-ai/topaz/upscale/image', { image }, 900)).toEqual({
      units: null,
      costUsd: null,
    });
  });
});
