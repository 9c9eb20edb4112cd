import { describe, expect, it } from 'vitest';
import { EARLIEST_INSTANT, LATEST_INSTANT } from '@studio/contract';
import { EMPTY_FILTERS, hasActiveFilters, historyQuery, type HistoryFilters } from './filters';

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

describe('historyQuery', () => {
  // The server filters both lists (ADR 044); these are what it is asked.
  it('sends the period, the page size and a trimmed search, and nothing unset', () => {
    expect(historyQuery(filters({ period: '30d', search: '  Studio Backdrop ' }), 20)).toEqual({
      limit: 20,
      period: '30d',
      search: 'Studio Backdrop',
    });
    expect(historyQuery(filters({ search: '   ' }), 10)).toEqual({ limit: 10, period: 'all' });
  });

  it('makes the inclusive date range the instants that start and end those local days', () => {
    const onDay = Date.parse(local(2026, 3, 1, 23, 59));
    const dayAfter = Date.parse(local(2026, 3, 2, 0, 1));
    const dayBefore = Date.parse(local(2026, 2, 28, 23, 59));

    const query = historyQuery(filters({ startDate: '2026-03-01', endDate: '2026-03-01' }), 10);
    const from = Date.parse(query.from ?? '');
    const to = Date.parse(query.to ?? '');

    expect(from).toBe(new Date(2026, 2, 1).getTime());
    expect(onDay >= from && onDay <= to).toBe(true);
    expect(dayAfter <= to).toBe(false);
    expect(dayBefore >= from).toBe(false);
  });

  it('asks for the nearest instants the server takes for days before 1970 or after 9999', () => {
    // 1 January 1970 east of UTC (or year 0001, typed) starts before the server's range.
    const query = historyQuery(filters({ startDate: '0001-01-01', endDate: '10000-01-01' }), 10);
    expect(query.from).toBe(EARLIEST_INSTANT);
    expect(query.to).toBe(LATEST_INSTANT);
    expect(historyQuery(filters({ startDate: '1970-01-01' }), 10).from).toBe(
      new Date(Math.max(new Date(1970, 0, 1).getTime(), 0)).toISOString(),
    );
  });
});
