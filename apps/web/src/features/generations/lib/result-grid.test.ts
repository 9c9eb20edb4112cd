import { describe, expect, it } from 'vitest';
import { moreLabel, splitResults } from './result-grid';

describe('splitResults', () => {
  it('shows up to four results without a more tile', () => {
    expect(splitResults(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b', 'c', 'd'], hidden: 0 });
  });

  it('keeps the first four and counts the rest', () => {
    expect(splitResults(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({
      shown: ['a', 'b', 'c', 'd'],
      hidden: 2,
    });
  });

  it('honours a smaller limit', () => {
    expect(splitResults(['a', 'b', 'c'], 1)).toEqual({ shown: ['a'], hidden: 2 });
  });

  it('handles no results', () => {
    expect(splitResults([])).toEqual({ shown: [], hidden: 0 });
  });

  it("labels the tile '+N more'", () => {
    expect(moreLabel(3)).toBe('+3 more');
  });
});
