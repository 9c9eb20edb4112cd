import type { AnalyticsRange, AnalyticsResponse } from '@studio/contract';
import { http, HttpResponse } from 'msw';

const LABELS: Record<AnalyticsRange, string[]> = {
  '7d': ['Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed'],
  '30d': ['Week 1', 'Week 2', 'Week 3', 'Week 4'],
  '90d': ['Month 1', 'Month 2', 'Month 3'],
};

/** What a fresh account gets: every period of the range, all zeros. */
export function emptyAnalytics(range: AnalyticsRange, timeZone = 'UTC'): AnalyticsResponse {
  const zero = { productImages: 0, tryOnSessions: 0, fashionExtractions: 0 };
  return {
    success: true,
    range,
    timeZone,
    periods: LABELS[range].map((label, i) => ({
      label,
      start: `2026-03-${String(i + 1).padStart(2, '0')}`,
      end: `2026-03-${String(i + 1).padStart(2, '0')}`,
      ...zero,
    })),
    totals: zero,
    averages: zero,
    peak: null,
    tools: [],
    outcomes: { succeeded: 0, finished: 0 },
  };
}

const rangeOf = (url: string): AnalyticsRange => {
  const range = new URL(url).searchParams.get('range');
  return range === '30d' || range === '90d' ? range : '7d';
};

/** Answers `GET /api/v1/analytics` with `body(range)`; by default a fresh account's zeros. */
export function analyticsHandler(
  body: (range: AnalyticsRange) => AnalyticsResponse = (range) => emptyAnalytics(range),
) {
  return http.get('/api/v1/analytics', ({ request }) =>
    HttpResponse.json(body(rangeOf(request.url))),
  );
}

export const analyticsHandlers = [analyticsHandler()];
