import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsResponseSchema, type AnalyticsRange } from '@studio/contract/responses';
import { api, schemaParser } from '@/lib/api-client';

/** The browser's IANA zone, so days and weeks start at the user's midnight; UTC if unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export const analyticsQueryOptions = (range: AnalyticsRange, timeZone: string) =>
  queryOptions({
    queryKey: ['analytics', range, timeZone],
    queryFn: ({ signal }) =>
      api.get(`/analytics?range=${range}&tz=${encodeURIComponent(timeZone)}`, {
        parse: schemaParser(analyticsResponseSchema),
        signal,
      }),
  });

/**
 * The signed-in user's analytics for a range. While another range loads, the last one stays on
 * screen (dimmed by the page) rather than flashing a skeleton on every switch.
 */
export function useAnalytics(range: AnalyticsRange) {
  return useQuery({
    ...analyticsQueryOptions(range, browserTimeZone()),
    placeholderData: keepPreviousData,
  });
}
