import { describe, expect, it } from 'vitest';
import { orderRow } from '@/testing/credit-history-handlers';
import {
  EMPTY_FILTERS,
  filterPurchases,
  hasActiveFilters,
  isInDateRange,
  isInPeriod,
  matchesSearch,
  toLocalDateKey,
  usageQuery,
  type HistoryFilters,
} from './filters';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date(2026, 2, 15, 12, 0).getTime();
/** An ISO timestamp `days` before `now`; local noon-based so the calendar day is unambiguous. */
const daysAgo = (days: number) => new Date(now - days * DAY).toISOString();
/** Local date and time, as a user in their own time zone would read it. */
const local = (y: number, m: number, d: number, h = 12, min = 0, s = 0) =>
  new Date(y, m - 1, d, h, min, s).toISOString();

const filters = (changes: Partial<HistoryFilters>): HistoryFilters => ({
  ...EMPTY_FILTERS,
  ...changes,
});

describe('hasActiveFilters', () => {
  it('is false for the defaults and for a blank search', () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters(filters({ search: '   ' }))).toBe(false);
  });

  it.each<Partial<HistoryFilters>>([
    { search: 'pro' },
    { startDate: '2026-01-01' },
    { endDate: '2026-01-31' },
    { period: '7d' },
  ])('is true once %j narrows the lists', (changes) => {
    expect(hasActiveFilters(filters(changes))).toBe(true);
  });
});

describe('period', () => {
  it('keeps everything for All Time, even unreadable dates', () => {
    expect(isInPeriod(daysAgo(1000), 'all', now)).toBe(true);
    expect(isInPeriod('not a date', 'all', now)).toBe(true);
  });

  it.each([
    ['7d', 6, true],
    ['7d', 8, false],
    ['30d', 29, true],
    ['30d', 31, false],
    ['90d', 89, true],
    ['90d', 91, false],
  ] as const)('%s includes a row from %i days ago: %s', (period, days, expected) => {
    expect(isInPeriod(daysAgo(days), period, now)).toBe(expected);
  });

  it('includes the exact start of the window', () => {
    expect(isInPeriod(daysAgo(7), '7d', now)).toBe(true);
  });

  it('drops unreadable dates once a period is chosen', () => {
    expect(isInPeriod('not a date', '30d', now)).toBe(false);
  });
});

describe('date range', () => {
  it('is inclusive of the whole start and end days', () => {
    expect(isInDateRange(local(2026, 1, 5, 0, 0, 0), '2026-01-05', '2026-01-10')).toBe(true);
    expect(isInDateRange(local(2026, 1, 10, 23, 59, 59), '2026-01-05', '2026-01-10')).toBe(true);
    expect(isInDateRange(local(2026, 1, 4, 23, 59, 59), '2026-01-05', '2026-01-10')).toBe(false);
    expect(isInDateRange(local(2026, 1, 11, 0, 0, 0), '2026-01-05', '2026-01-10')).toBe(false);
  });

  it('accepts a single day when start and end are the same', () => {
    expect(isInDateRange(local(2026, 1, 5, 18), '2026-01-05', '2026-01-05')).toBe(true);
  });

  it('applies an open-ended start or end on its own', () => {
    expect(isInDateRange(local(2026, 1, 5), '2026-01-05', '')).toBe(true);
    expect(isInDateRange(local(2026, 1, 4), '2026-01-05', '')).toBe(false);
    expect(isInDateRange(local(2026, 1, 5), '', '2026-01-05')).toBe(true);
    expect(isInDateRange(local(2026, 1, 6), '', '2026-01-05')).toBe(false);
  });

  it('keeps every row without a range and drops unreadable dates with one', () => {
    expect(isInDateRange('not a date', '', '')).toBe(true);
    expect(isInDateRange('not a date', '2026-01-01', '')).toBe(false);
  });

  it('formats local calendar days like the date inputs', () => {
    expect(toLocalDateKey(new Date(2026, 0, 5, 23, 30).getTime())).toBe('2026-01-05');
  });
});

describe('matchesSearch', () => {
  it('ignores case and surrounding spaces', () => {
    expect(matchesSearch(['Pro Monthly'], '  pro MONTH ')).toBe(true);
    expect(matchesSearch(['Pro Monthly'], 'plus')).toBe(false);
  });

  it('matches everything for an empty query', () => {
    expect(matchesSearch(['anything'], '')).toBe(true);
  });
});

describe('filterPurchases', () => {
  const pro = orderRow({ id: 'ord_PRO_111', plan_display_name: 'Pro Monthly' });
  const plus = orderRow({ id: 'ord_plus_222', plan_display_name: 'Plus Yearly', status: 'failed' });
  const welcome = orderRow({ id: 'wel_333', plan_display_name: 'Welcome credits' });
  const rows = [pro, plus, welcome];

  it.each([
    ['the plan name', 'plus yearly', [plus]],
    ['the order id', 'ORD_pro', [pro]],
    ['the status', 'FAILED', [plus]],
  ])('searches %s', (_field, search, expected) => {
    expect(filterPurchases(rows, filters({ search }), now)).toEqual(expected);
  });

  it('does not search fields outside the spec, like the amount', () => {
    expect(filterPurchases(rows, filters({ search: '10' }), now)).toEqual([]);
  });

  it('combines period, date range and search', () => {
    const recent = orderRow({ created_at: daysAgo(2), plan_display_name: 'Pro Monthly' });
    const older = orderRow({ created_at: daysAgo(20), plan_display_name: 'Pro Monthly' });
    const recentPlus = orderRow({ created_at: daysAgo(2), plan_display_name: 'Plus Monthly' });
    const all = [recent, older, recentPlus];

    expect(filterPurchases(all, filters({ period: '7d' }), now)).toEqual([recent, recentPlus]);
    expect(filterPurchases(all, filters({ period: '7d', search: 'pro' }), now)).toEqual([recent]);
    expect(filterPurchases(all, filters({ endDate: toLocalDateKey(now - 10 * DAY) }), now)).toEqual(
      [older],
    );
  });
});

describe('usageQuery', () => {
  // The server filters the usage list (ADR 044); these are what it is asked.
  it('sends the period, the page size and a trimmed search, and nothing unset', () => {
    expect(usageQuery(filters({ period: '30d', search: '  Studio Backdrop ' }), 20)).toEqual({
      limit: 20,
      period: '30d',
      search: 'Studio Backdrop',
    });
    expect(usageQuery(filters({ search: '   ' }), 10)).toEqual({ limit: 10, period: 'all' });
  });

  it('makes the inclusive date range the instants that start and end those local days', () => {
    const onDay = Date.parse(local(2026, 3, 1, 23, 59));
    const dayAfter = Date.parse(local(2026, 3, 2, 0, 1));
    const dayBefore = Date.parse(local(2026, 2, 28, 23, 59));

    const query = usageQuery(filters({ startDate: '2026-03-01', endDate: '2026-03-01' }), 10);
    const from = Date.parse(query.from ?? '');
    const to = Date.parse(query.to ?? '');

    expect(from).toBe(new Date(2026, 2, 1).getTime());
    expect(onDay >= from && onDay <= to).toBe(true);
    expect(dayAfter <= to).toBe(false);
    expect(dayBefore >= from).toBe(false);
  });
});
