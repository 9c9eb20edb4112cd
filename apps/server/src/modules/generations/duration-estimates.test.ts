import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ESTIMATES,
  DEFAULT_UNIT_MS,
  MIN_SAME_SIZE,
  estimatesFrom,
  median,
  workSizeOf,
  type Sample,
} from './duration-estimates';
import { progressOf } from './generations.service';

const tryOn = (numImages: number) => ({
  garment: { imageUrl: '/api/v1/media/garment' },
  model: { kind: 'template', templateId: 't1', templateUrl: '/api/v1/media/model' },
  numImages,
});

describe('the progress estimate', () => {
  it('takes the median: the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25);
    // One slow outlier (a run behind a loaded machine) does not move it.
    expect(median([20, 21, 22, 400])).toBe(21.5);
  });

  it('sizes a run by what its price depends on', () => {
    expect(workSizeOf('try-on', tryOn(1))).toEqual({
      key: 'mode=performance,numImages=1',
      units: 1,
    });
    expect(workSizeOf('try-on', tryOn(3)).units).toBe(3);
    const video = workSizeOf('video-generation', {
      inputImageUrls: ['/api/v1/media/still'],
      duration: 10,
      mode: 'performance',
    });
    expect(video).toEqual({ key: 'durationSeconds=10,mode=performance', units: 2 });
    // Settings a tool no longer reads: one average run.
    expect(workSizeOf('upscaler', { nonsense: true })).toEqual({ key: '?', units: 1 });
  });

  it('uses the tool default per unit when there is no history', () => {
    const size = workSizeOf('try-on', tryOn(2));
    expect(DEFAULT_ESTIMATES.expectedMs('try-on', size)).toBe(DEFAULT_UNIT_MS['try-on'] * 2);
    expect(DEFAULT_ESTIMATES.expectedMs('background-removal', { key: 'x', units: 1 })).toBe(
      DEFAULT_UNIT_MS['background-removal'],
    );
  });

  it('uses the median of runs of the same size once there are enough of them', () => {
    const one = workSizeOf('try-on', tryOn(1));
    const samples: Sample[] = [21_000, 55_000, 19_000, 23_000].map((ms) => ({ ...one, ms }));
    expect(samples.length).toBeGreaterThanOrEqual(MIN_SAME_SIZE);
    const estimates = estimatesFrom(new Map([['try-on', samples]]));
    expect(estimates.expectedMs('try-on', one)).toBe(22_000);
  });

  it('scales the median per unit to a size not run often enough yet', () => {
    const one = workSizeOf('try-on', tryOn(1));
    const four = workSizeOf('try-on', tryOn(4));
    const samples: Sample[] = [
      { ...one, ms: 20_000 },
      { ...one, ms: 24_000 },
      { ...one, ms: 22_000 },
      { ...four, ms: 60_000 },
    ];
    const estimates = estimatesFrom(new Map([['try-on', samples]]));
    // Per unit: 20, 24, 22 and 15 s → median 21 s; four images → 84 s.
    expect(estimates.expectedMs('try-on', four)).toBe(84_000);
    // Another tool has no history of its own: its default.
    expect(estimates.expectedMs('upscaler', { key: 'k', units: 1 })).toBe(DEFAULT_UNIT_MS.upscaler);
  });

  it('learns only from the newest runs', () => {
    const one = workSizeOf('try-on', tryOn(1));
    // Newest first: twenty fast runs after a slow past.
    const samples: Sample[] = [
      ...Array.from({ length: 20 }, () => ({ ...one, ms: 10_000 })),
      ...Array.from({ length: 30 }, () => ({ ...one, ms: 90_000 })),
    ];
    expect(estimatesFrom(new Map([['try-on', samples]])).expectedMs('try-on', one)).toBe(10_000);
  });

  it('maps elapsed time to at most 95 % at the estimate', () => {
    expect(progressOf(0, 10_000)).toBe(0);
    expect(progressOf(5_000, 10_000)).toBe(48);
    expect(progressOf(10_000, 10_000)).toBe(95);
    expect(progressOf(60_000, 10_000)).toBe(95);
    expect(progressOf(1_000, 0)).toBe(0);
  });
});
