import { describe, expect, it } from 'vitest';
import { formatCredits } from './format';

describe('formatCredits', () => {
  it('uses the singular for one credit', () => {
    expect(formatCredits(1)).toBe('1 credit');
  });

  it('uses the plural otherwise', () => {
    expect(formatCredits(0)).toBe('0 credits');
    expect(formatCredits(12)).toBe('12 credits');
  });
});
