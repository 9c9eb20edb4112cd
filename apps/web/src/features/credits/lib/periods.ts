/** The period selector's choices (spec §2 Credit History, §9: 7, 30 and 90 days). */
export const HISTORY_PERIODS = [
  { value: 'all', label: 'All Time', days: null },
  { value: '7d', label: 'Last 7 Days', days: 7 },
  { value: '30d', label: 'Last 30 Days', days: 30 },
  { value: '90d', label: 'Last 90 Days', days: 90 },
] as const;

export type HistoryPeriod = (typeof HISTORY_PERIODS)[number]['value'];

export const DEFAULT_PERIOD: HistoryPeriod = 'all';

export function isHistoryPeriod(value: string): value is HistoryPeriod {
  return HISTORY_PERIODS.some((period) => period.value === value);
}

export function periodLabel(period: HistoryPeriod): string {
  return HISTORY_PERIODS.find((p) => p.value === period)?.label ?? 'All Time';
}
