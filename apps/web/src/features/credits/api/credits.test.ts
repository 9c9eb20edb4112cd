import { describe, expect, it } from 'vitest';
import { parseCredits } from './credits';

describe('parseCredits', () => {
  it('reads the balance from a successful answer', () => {
    expect(parseCredits({ success: true, credits: 42 })).toBe(42);
  });

  it.each([
    [{ success: false, credits: 42 }],
    [{ success: true }],
    [{ success: true, credits: '42' }],
    [{ success: true, credits: Number.NaN }],
    [null],
  ])('rejects the malformed answer %j', (body) => {
    expect(() => parseCredits(body)).toThrow();
  });
});
