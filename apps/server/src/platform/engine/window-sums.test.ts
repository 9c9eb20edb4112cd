import { describe, expect, it } from 'vitest';
import { windowSums } from './window-sums';

describe('windowSums', () => {
  it('sums a window either side along rows or columns, cut at the edges', () => {
    // 3 × 2 plane: rows [1 2 3] and [4 5 6].
    const plane = [1, 2, 3, 4, 5, 6];
    expect(Array.from(windowSums(plane, 3, 2, 1, true))).toEqual([3, 6, 5, 9, 15, 11]);
    expect(Array.from(windowSums(plane, 3, 2, 1, false))).toEqual([5, 7, 9, 5, 7, 9]);
    expect(Array.from(windowSums(plane, 3, 2, 0, true))).toEqual(plane);
  });
});
