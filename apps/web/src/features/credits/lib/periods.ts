/** The period selector's choices (spec §2 Credit History, §9: 7, 30 and 90 days). */
export const HISTORY_PERIODS = [
  { value: 'all', label: 'All Time', days: null },
  { value: '7d', label: 'Last 7 Days', days: 7 },
  { value: '30d', label: 'Last 30 Days', days: 30 },
  { value: '90d', label: 'Last 90 Days', days: 90 },
] as const;

export type HistoryPeriod = (typeof HISTORY_PERIODS)[number]['value'];

export const DEFAULT_PERIOD: HistoryPeriod = 'all';

const DAY_MS = 24 * 60 * 60 * 1000;

export function isHistoryPeriod(value: string): value is HistoryPeriod {
  return HISTORY_PERIODS.some((period) => period.value === value);
}

export function periodLabel(period: HistoryPeriod): string {
  return HISTORY_PERIODS.find((p) => p.value === period)?.label ?? 'All Time';
}

/**
 * The earliest moment (epoch ms) a row may have to fall in `period`, or null for All Time.
 * "Last 7 Days" is a rolling window ending now rather than whole calendar days, so a purchase
 * made exactly a week ago at this hour is still in it.
 */
export function periodStart(period: HistoryPeriod, now: number): number | null {
  const days = HISTORY_PERIODS.find((p) => p.value === period)?.days ?? null;
  return days === null ? null : now - days * DAY_MS;
}
