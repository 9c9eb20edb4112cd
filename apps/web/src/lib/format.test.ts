import { describe, expect, it } from 'vitest';
import {
  formatCredits,
  formatDateTime,
  formatInteger,
  formatLongDate,
  formatShortDate,
} from './format';

describe('formatCredits', () => {
  it('uses the singular for one credit', () => {
    expect(formatCredits(1)).toBe('1 credit');
  });

  it('uses the plural otherwise', () => {
    expect(formatCredits(0)).toBe('0 credits');
    expect(formatCredits(12)).toBe('12 credits');
    expect(formatCredits(1250)).toBe('1,250 credits');
  });
});

describe('formatInteger', () => {
  // The reference it stands in for: Intl's own English formatter.
  const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

  it('writes what Intl writes for whole numbers at every size, and for halves and signs', () => {
    const values = [0, -0, 1, 9, 10, 999, 1000, 1001, 12345, 999999, 1000000, -1, -1000, -1234567];
    values.push(0.4, 0.5, 1.5, 2.5, -0.4, -0.5, -2.5, 999.5, -999.5, 1234.49, 1234.51);
    for (let digits = 1; digits <= 16; digits++)
      values.push(10 ** digits - 1, 10 ** digits, -(10 ** digits));
    values.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, 2 ** 60, 1e21, 1e300);
    values.push(NaN, Infinity, -Infinity);
    // A seeded spread of fractional values over many magnitudes (xorshift, so a failure repeats).
    let seed = 0x2f6e2b1;
    for (let i = 0; i < 2000; i++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const unit = (seed >>> 0) / 2 ** 32;
      values.push((unit - 0.5) * 10 ** (i % 17));
    }
    for (const value of values)
      expect(formatInteger(value), String(value)).toBe(intl.format(value));
  });
});

describe('formatShortDate', () => {
  // The reference it stands in for: Intl's own English formatter, in this process's time zone.
  const intl = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });

  it('writes what Intl writes for every date from year 1 to 9999, and beyond', () => {
    const dates = [
      new Date(2026, 0, 1),
      new Date(2026, 11, 31, 23, 59, 59, 999),
      new Date(2024, 1, 29, 12),
      new Date(-62135596800000), // 0001-01-01T00:00Z: year 0 or 1 locally
      new Date(253402300799999), // 9999-12-31T23:59:59.999Z: 9999 or 10000 locally
      new Date(-8.64e15),
      new Date(8.64e15),
    ];
    // A seeded spread over years 1–9999 and a little beyond (xorshift, so a failure repeats).
    let seed = 0x51ed270;
    for (let i = 0; i < 3000; i++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      dates.push(new Date(-63e12 + ((seed >>> 0) / 2 ** 32) * 317e12));
    }
    for (const date of dates)
      expect(formatShortDate(date), date.toISOString()).toBe(intl.format(date));
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
