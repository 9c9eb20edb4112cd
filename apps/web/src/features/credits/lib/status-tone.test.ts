import { describe, expect, it } from 'vitest';
import { purchaseStatusTone, statusLabel, usageOutcomeTone } from './status-tone';

describe('purchaseStatusTone', () => {
  it.each([
    ['completed', 'green'],
    ['pending', 'yellow'],
    ['failed', 'red'],
    ['processing', 'blue'],
    ['refunded', 'grey'],
    ['something-new', 'grey'],
    ['COMPLETED', 'green'],
  ])('colours %s %s', (status, tone) => {
    expect(purchaseStatusTone(status)).toBe(tone);
  });
});

describe('usageOutcomeTone', () => {
  it('colours success green, failure red and expiry grey', () => {
    expect(usageOutcomeTone('succeeded')).toBe('green');
    expect(usageOutcomeTone('failed')).toBe('red');
    expect(usageOutcomeTone('expired')).toBe('grey');
  });
});

describe('statusLabel', () => {
  it('capitalises the status word', () => {
    expect(statusLabel('processing')).toBe('Processing');
    expect(statusLabel('')).toBe('Unknown');
  });
});
