import { describe, expect, it } from 'vitest';
import { bannerTone, isSettling } from './order-banner';

describe('bannerTone', () => {
  it.each([
    ['completed', 'success'],
    ['paid', 'success'],
    ['failed', 'destructive'],
    ['error', 'destructive'],
    ['pending', 'warning'],
    ['processing', 'warning'],
    ['refunded', 'warning'],
    ['cancelled', 'warning'],
    ['expired', 'warning'],
  ] as const)('shows %s as %s', (status, tone) => {
    expect(bannerTone(status)).toBe(tone);
  });
});

describe('isSettling', () => {
  it('waits on pending and processing orders only', () => {
    expect(isSettling('pending')).toBe(true);
    expect(isSettling('processing')).toBe(true);
    expect(isSettling('completed')).toBe(false);
    expect(isSettling('failed')).toBe(false);
  });
});
