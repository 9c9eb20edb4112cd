import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, isPageSize, PAGE_SIZES, paginate } from './pagination';

const items = Array.from({ length: 23 }, (_, index) => index + 1);

describe('paginate', () => {
  it('offers 5, 10, 20 and 50 rows with 10 by default', () => {
    expect(PAGE_SIZES).toEqual([5, 10, 20, 50]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(isPageSize(20)).toBe(true);
    expect(isPageSize(12)).toBe(false);
  });

  it('slices a page and says which rows it shows', () => {
    expect(paginate(items, 2, 10)).toEqual({
      items: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      page: 2,
      totalPages: 3,
      from: 11,
      to: 20,
      total: 23,
    });
  });

  it('returns the short last page', () => {
    expect(paginate(items, 3, 10)).toMatchObject({ items: [21, 22, 23], from: 21, to: 23 });
  });

  it('clamps a page past the end to the last page', () => {
    expect(paginate(items, 9, 20)).toMatchObject({ page: 2, totalPages: 2, from: 21 });
  });

  it('has one empty page for an empty list', () => {
    expect(paginate([], 1, 10)).toEqual({
      items: [],
      page: 1,
      totalPages: 1,
      from: 0,
      to: 0,
      total: 0,
    });
  });
});
