import { describe, expect, it } from 'vitest';
import { generationRow } from '@/testing/credit-history-handlers';
import { countsAsUsage, getUsageOutcome } from './usage-outcome';

describe('getUsageOutcome', () => {
  it('calls an image generation with images successful', () => {
    expect(getUsageOutcome(generationRow())).toBe('succeeded');
  });

  it('calls a generation without output failed, even when the server says succeeded', () => {
    const row = generationRow({ status: 'succeeded', details: { imageUrls: [] } });
    expect(getUsageOutcome(row)).toBe('failed');
    expect(countsAsUsage(row)).toBe(false);
  });

  it('ignores blank URLs when looking for output', () => {
    expect(getUsageOutcome(generationRow({ details: { imageUrls: ['  '] } }))).toBe('failed');
  });

  it('needs videos, not images, for video generation', () => {
    const base = { generation_type: 'video-generation' };
    expect(
      getUsageOutcome(
        generationRow({ ...base, details: { imageUrls: [], videoUrls: ['https://v/1.mp4'] } }),
      ),
    ).toBe('succeeded');
    expect(
      getUsageOutcome(
        generationRow({ ...base, details: { imageUrls: ['https://i/1.jpg'], videoUrls: [] } }),
      ),
    ).toBe('failed');
  });

  it('treats a refunded row as failed whatever it still links to', () => {
    expect(getUsageOutcome(generationRow({ status: 'refunded' }))).toBe('failed');
  });

  it('keeps lapsed plan credits apart and never counts them', () => {
    const row = generationRow({
      generation_type: 'credit_expiry',
      status: 'expired',
      details: { imageUrls: [] },
    });
    expect(getUsageOutcome(row)).toBe('expired');
    expect(countsAsUsage(row)).toBe(false);
  });

  it('shows an unfinished generation as pending, not refunded', () => {
    expect(getUsageOutcome(generationRow({ status: 'pending', details: { imageUrls: [] } }))).toBe(
      'pending',
    );
  });

  it('shows plan credits taken back on cancellation as removed, never as usage', () => {
    const removed = generationRow({ status: 'adjusted', details: { imageUrls: [] } });
    expect(getUsageOutcome(removed)).toBe('removed');
    expect(countsAsUsage(removed)).toBe(false);
  });
});
