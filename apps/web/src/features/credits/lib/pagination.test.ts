import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, isPageSize, PAGE_SIZES } from './pagination';

describe('page sizes', () => {
  it('offers 5, 10, 20 and 50 rows with 10 by default', () => {
    expect(PAGE_SIZES).toEqual([5, 10, 20, 50]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(isPageSize(20)).toBe(true);
    expect(isPageSize(12)).toBe(false);
  });
});
