import { describe, expect, it } from 'vitest';
import { pageItems } from './page-items';

describe('pageItems', () => {
  it('has nothing to number without pages', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('numbers a single page', () => {
    expect(pageItems(1, 1)).toEqual([1]);
  });

  it('numbers two pages from either end', () => {
    expect(pageItems(1, 2)).toEqual([1, 2]);
    expect(pageItems(2, 2)).toEqual([1, 2]);
  });

  it('skips the pages away from the first, the last and the current one', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 'ellipsis', 5]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts an ellipsis on each side of the current page when pages are skipped there', () => {
    expect(pageItems(1, 7)).toEqual([1, 2, 'ellipsis', 7]);
    expect(pageItems(4, 7)).toEqual([1, 'ellipsis', 3, 4, 5, 'ellipsis', 7]);
    expect(pageItems(7, 7)).toEqual([1, 'ellipsis', 6, 7]);
    expect(pageItems(50, 100)).toEqual([1, 'ellipsis', 49, 50, 51, 'ellipsis', 100]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageItems(9, 3)).toEqual([1, 2, 3]);
    expect(pageItems(0, 7)).toEqual([1, 2, 'ellipsis', 7]);
  });
});
