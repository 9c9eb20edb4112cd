import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsResponseSchema, type AnalyticsRange } from '@studio/contract/responses';
import { api, schemaParser } from '@/lib/api-client';
import { getBrowserTimeZone } from '@/lib/time-zone';

const analyticsQueryOptions = (range: AnalyticsRange, timeZone: string) =>
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
  // The browser's zone, so days and weeks start at the user's midnight; UTC if unknown.
  return useQuery({
    ...analyticsQueryOptions(range, getBrowserTimeZone() || 'UTC'),
    placeholderData: keepPreviousData,
  });
}
