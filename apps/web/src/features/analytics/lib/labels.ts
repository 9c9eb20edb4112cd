import type { AnalyticsCategory, AnalyticsRange } from '@studio/contract/responses';

export const RANGE_LABELS: Record<AnalyticsRange, string> = {
  '7d': '7 Days',
  '30d': '30 Days',
  '90d': '90 Days',
};

/** What one period of a range is, for 'per day' and friends. */
export const PERIOD_NAMES: Record<AnalyticsRange, string> = {
  '7d': 'day',
  '30d': 'week',
  '90d': 'month',
};

/** The spec's card titles, which the chart's legend and the trends share. */
export const CATEGORY_LABELS: Record<AnalyticsCategory, string> = {
  productImages: 'Product Images',
  tryOnSessions: 'Try-On Sessions',
  fashionExtractions: 'Fashion Extractions',
};

/** One colour per category, the same in the chart, its legend and the trend bars. */
export const CATEGORY_COLOURS: Record<AnalyticsCategory, string> = {
  productImages: 'fill-brand-600 bg-brand-600',
  tryOnSessions: 'fill-brand-300 bg-brand-300',
  fashionExtractions: 'fill-warning bg-warning',
};
