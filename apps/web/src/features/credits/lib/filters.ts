import type { GenerationHistoryQuery, OrderHistoryItem } from '@studio/contract';
import { DEFAULT_PERIOD, periodStart, type HistoryPeriod } from './periods';

/**
 * The page's filters (spec §5: client-side for purchases; the usage list is a page at a time, so
 * the server applies them there, ADR 044). Dates are the `YYYY-MM-DD` values of the date
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

function toTime(iso: string): number | null {
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? null : time;
}

/** `YYYY-MM-DD` of a moment in local time, the format the date inputs use. */
export function toLocalDateKey(time: number): string {
  const date = new Date(time);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Rows with an unreadable date stay visible until a period or date filter asks for dates. */
export function isInPeriod(iso: string, period: HistoryPeriod, now: number): boolean {
  const start = periodStart(period, now);
  if (start === null) return true;
  const time = toTime(iso);
  return time !== null && time >= start && time <= now;
}

/**
 * Inclusive on both ends (spec §5): comparing calendar-day keys, not instants, means an end
 * date of the 5th keeps everything up to 23:59:59 that day.
 */
export function isInDateRange(iso: string, startDate: string, endDate: string): boolean {
  if (startDate === '' && endDate === '') return true;
  const time = toTime(iso);
  if (time === null) return false;
  const day = toLocalDateKey(time);
  return (startDate === '' || day >= startDate) && (endDate === '' || day <= endDate);
}

/** Case-insensitive substring match of the trimmed query against any of the fields. */
export function matchesSearch(fields: readonly string[], query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return fields.some((field) => field.toLowerCase().includes(needle));
}

/** Purchases are searched by plan name, order id or status (spec §5). */
export function purchaseSearchFields(item: OrderHistoryItem): string[] {
  return [item.plan_display_name, item.id, item.status];
}

export function purchasesInPeriod(
  items: readonly OrderHistoryItem[],
  period: HistoryPeriod,
  now: number,
): OrderHistoryItem[] {
  return items.filter((item) => isInPeriod(item.created_at, period, now));
}

/** The purchase rows the table shows: period, date range and search all apply. */
export function filterPurchases(
  items: readonly OrderHistoryItem[],
  filters: HistoryFilters,
  now: number,
): OrderHistoryItem[] {
  return purchasesInPeriod(items, filters.period, now).filter(
    (item) =>
      isInDateRange(item.created_at, filters.startDate, filters.endDate) &&
      matchesSearch(purchaseSearchFields(item), filters.search),
  );
}

/**
 * The usage list's query (ADR 044): the server pages and filters it, with the same rules as the
 * purchase list here. The date inputs' calendar days, in the user's own time zone, become the
 * instants that start the first and end the last; the period is named, and the server also
 * narrows the per-type totals to it.
 */
export function usageQuery(filters: HistoryFilters, limit: number): GenerationHistoryQuery {
  const search = filters.search.trim();
  return {
    limit,
    period: filters.period,
    ...(filters.startDate === '' ? {} : { from: localDayBound(filters.startDate, 'start') }),
    ...(filters.endDate === '' ? {} : { to: localDayBound(filters.endDate, 'end') }),
    ...(search === '' ? {} : { search }),
  };
}

/** The first or last millisecond of a `YYYY-MM-DD` calendar day in local time, as ISO. */
function localDayBound(day: string, edge: 'start' | 'end'): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const time =
    edge === 'start'
      ? new Date(year, month - 1, date)
      : new Date(year, month - 1, date, 23, 59, 59, 999);
  return time.toISOString();
}
