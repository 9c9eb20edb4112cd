import { describe, expect, it } from 'vitest';
import {
  generationRow,
  orderRow,
  orderTotalsOf,
  usageByTypeOf,
} from '@/testing/credit-history-handlers';
import { computeUsageRate, summarize, usageBreakdown } from './summary';

describe('computeUsageRate', () => {
  it('is 0 when nothing was purchased, even with usage', () => {
    expect(computeUsageRate(0, 0)).toBe(0);
    expect(computeUsageRate(12, 0)).toBe(0);
  });

  it.each([
    [10, 40, 25],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13],
    [1, 200, 1],
    [1, 201, 0],
    [45, 40, 100],
  ])('%i used of %i purchased is %i %%', (used, purchased, rate) => {
    expect(computeUsageRate(used, purchased)).toBe(rate);
  });
});

describe('summarize', () => {
  // From the server's totals, as the fake server computes them from rows (ADR 044).
  it('counts only completed orders as purchased: welcome credits and adjustments are not purchases', () => {
    const summary = summarize(
      orderTotalsOf([
        orderRow({ credits_received: 40, status: 'completed' }),
        orderRow({ credits_received: 5, status: 'completed', source: 'welcome', amount: 0 }),
        orderRow({ credits_received: 10, status: 'completed', source: 'adjustment', amount: 0 }),
        orderRow({ credits_received: 40, status: 'cancelled' }),
        orderRow({ credits_received: 40, status: 'expired' }),
        orderRow({ credits_received: 160, status: 'pending' }),
        orderRow({ credits_received: 80, status: 'failed' }),
        orderRow({ credits_received: 20, status: 'refunded' }),
        orderRow({ credits_received: 40, status: 'processing' }),
      ]),
      {},
    );

    expect(summary).toMatchObject({ totalPurchased: 40, orderCount: 1, usageRate: 0 });
  });

  it('keeps the usage rate of purchased credits at most 100% when welcome credits were spent too', () => {
    const summary = summarize(
      orderTotalsOf([
        orderRow({ credits_received: 20, status: 'completed' }),
        orderRow({ credits_received: 5, status: 'completed', source: 'welcome', amount: 0 }),
      ]),
      usageByTypeOf([generationRow({ credits_used: 24 })]),
    );
    expect(summary).toMatchObject({ totalPurchased: 20, totalUsed: 24, usageRate: 100 });
  });

  it('counts only generations with output as used', () => {
    const summary = summarize(
      orderTotalsOf([orderRow({ credits_received: 40 })]),
      // The server's totals of these rows (the fake server counts as the real one does).
      usageByTypeOf([
        generationRow({ credits_used: 4 }),
        generationRow({
          generation_type: 'video-generation',
          credits_used: 6,
          details: { imageUrls: [], videoUrls: ['https://cdn.example/v.mp4'] },
        }),
        // Failed: no images, so the charge was refunded.
        generationRow({ credits_used: 5, details: { imageUrls: [] } }),
        // A video generation that only left images behind did not produce its output.
        generationRow({
          generation_type: 'video-generation',
          credits_used: 7,
          details: { imageUrls: ['https://cdn.example/still.jpg'], videoUrls: [] },
        }),
        generationRow({ credits_used: 9, status: 'refunded' }),
        generationRow({
          generation_type: 'credit_expiry',
          display_name: 'Expired plan credits',
          credits_used: 30,
          status: 'expired',
          details: { imageUrls: [] },
        }),
      ]),
    );

    expect(summary).toEqual({
      totalPurchased: 40,
      orderCount: 1,
      totalUsed: 10,
      generationCount: 2,
      usageRate: 25,
    });
  });
});

describe('usageBreakdown', () => {
  it('lists the per-type totals of successful rows, largest spend first', () => {
    const entries = usageBreakdown(
      usageByTypeOf([
        generationRow({
          generation_type: 'upscaler',
          display_name: 'Image Upscaler',
          credits_used: 2,
        }),
        generationRow({
          generation_type: 'photoshoot',
          display_name: 'Product AI Photoshoot',
          credits_used: 5,
        }),
        generationRow({
          generation_type: 'upscaler',
          display_name: 'Image Upscaler',
          credits_used: 2,
        }),
        generationRow({
          generation_type: 'photoshoot',
          display_name: 'Product AI Photoshoot',
          credits_used: 5,
          status: 'refunded',
        }),
        generationRow({
          generation_type: 'credit_expiry',
          display_name: 'Expired plan credits',
          credits_used: 30,
          status: 'expired',
        }),
      ]),
    );

    expect(entries).toEqual([
      { generationType: 'photoshoot', displayName: 'Product AI Photoshoot', credits: 5, count: 1 },
      { generationType: 'upscaler', displayName: 'Image Upscaler', credits: 4, count: 2 },
    ]);
  });
});
