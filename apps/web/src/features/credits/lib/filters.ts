import { EARLIEST_INSTANT, LATEST_INSTANT, type CreditHistoryQuery } from '@studio/contract';
import { DEFAULT_PERIOD, type HistoryPeriod } from './periods';

/**
 * The page's filters (spec §5 has them client-side; the lists come a page at a time, so the
 * server applies them, ADR 044). Dates are the `YYYY-MM-DD` values of the date
 * inputs, '' when unset, and mean calendar days in the user's own time zone.
 */
export interface HistoryFilters {
  period: HistoryPeriod;
  search: string;
  startDate: string;
  endDate: string;
}

export const EMPTY_FILTERS: HistoryFilters = {
  period: DEFAULT_PERIOD,
  search: '',
  startDate: '',
  endDate: '',
};

/** Whether anything narrows the lists: decides which empty-state hint is shown. */
export function hasActiveFilters(filters: HistoryFilters): boolean {
  return (
    filters.period !== DEFAULT_PERIOD ||
    filters.search.trim() !== '' ||
    filters.startDate !== '' ||
    filters.endDate !== ''
  );
}

/**
 * A list's query (ADR 044): the server pages and filters both lists. The date inputs' calendar
 * days, in the user's own time zone, become the instants that start the first and end the last
 * (inclusive, spec §5); the period is named, and the server narrows the totals to it too.
 */
export function historyQuery(filters: HistoryFilters, limit: number): CreditHistoryQuery {
  const search = filters.search.trim();
  return {
    limit,
    period: filters.period,
    ...(filters.startDate === '' ? {} : { from: localDayBound(filters.startDate, 'start') }),
    ...(filters.endDate === '' ? {} : { to: localDayBound(filters.endDate, 'end') }),
    ...(search === '' ? {} : { search }),
  };
}

/**
 * The first or last millisecond of a `YYYY-MM-DD` calendar day in local time, as ISO, held within
 * the instants the server takes: 1 January 1970 picked east of UTC starts in 1969, and a typed
 * year 0001 or 10000 names nothing the server keeps, so each asks for the nearest it can answer.
 */
function localDayBound(day: string, edge: 'start' | 'end'): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const time =
    edge === 'start'
      ? new Date(year, month - 1, date)
      : new Date(year, month - 1, date, 23, 59, 59, 999);
  const clamped = Math.min(
    Math.max(time.getTime(), Date.parse(EARLIEST_INSTANT)),
    Date.parse(LATEST_INSTANT),
  );
  return new Date(clamped).toISOString();
}
