import { describe, expect, it } from 'vitest';
import { formatSeconds } from './timer';

describe('formatSeconds', () => {
  it.each([
    [0, '0.0s'],
    [99, '0.0s'],
    [100, '0.1s'],
    [4270, '4.2s'],
    [10_000, '10.0s'],
    [125_960, '125.9s'],
  ])('shows %i ms as %s, in whole tenths rounded down', (ms, text) => {
    expect(formatSeconds(ms)).toBe(text);
  });

  it('never shows a negative time', () => {
    expect(formatSeconds(-250)).toBe('0.0s');
  });
});
