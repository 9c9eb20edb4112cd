import { describe, expect, it } from 'vitest';
import { formatCredits, formatDateTime, formatLongDate } from './format';

describe('formatCredits', () => {
  it('uses the singular for one credit', () => {
    expect(formatCredits(1)).toBe('1 credit');
  });

  it('uses the plural otherwise', () => {
    expect(formatCredits(0)).toBe('0 credits');
    expect(formatCredits(12)).toBe('12 credits');
  });
});

describe('dates', () => {
  it('formats an ISO date for people', () => {
    expect(formatLongDate('2025-01-15T10:00:00.000Z')).toMatch(/2025/);
    expect(formatDateTime('2025-01-15T10:00:00.000Z')).toMatch(/2025/);
  });

  it('gives null for missing or unreadable dates', () => {
    expect(formatLongDate(null)).toBeNull();
    expect(formatLongDate('')).toBeNull();
    expect(formatDateTime('not a date')).toBeNull();
  });
});
