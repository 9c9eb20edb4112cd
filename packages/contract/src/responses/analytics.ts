import { z } from 'zod/mini';
import { int, success, text } from './read';

// Analytics (document 1 §2 Analytics dashboard, ADR 029): the user's own usage, per period of a
// range, in the user's time zone. The server computes everything; the page only draws it.

export const ANALYTICS_RANGES = ['7d', '30d', '90d'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '7d';

/** The three usage categories of the spec's cards and progress bars. */
export const ANALYTICS_CATEGORIES = [
  'productImages',
  'tryOnSessions',
  'fashionExtractions',
] as const;
export type AnalyticsCategory = (typeof ANALYTICS_CATEGORIES)[number];

/** Full scale of each 'Usage Trends' bar per range (document 1 §2: 150/600/1800, 100/400/1200, 80/320/960). */
export const ANALYTICS_SCALES: Record<AnalyticsCategory, Record<AnalyticsRange, number>> = {
  productImages: { '7d': 150, '30d': 600, '90d': 1800 },
  tryOnSessions: { '7d': 100, '30d': 400, '90d': 1200 },
  fashionExtractions: { '7d': 80, '30d': 320, '90d': 960 },
};

/** The longest IANA zone name is ~30 characters; anything longer is refused before the lookup. */
export const MAX_TIME_ZONE_LENGTH = 64;

const counts = {
  productImages: int,
  tryOnSessions: int,
  fashionExtractions: int,
};

export const analyticsPeriodSchema = z.object({
  /** 'Mon'…'Sun' (7d), 'Week 1'…'Week 4' (30d), 'Month 1'…'Month 3' (90d). */
  label: z.string(),
  /** First local day of the period, YYYY-MM-DD in the user's zone. */
  start: z.string(),
  /** Last local day of the period, inclusive. */
  end: z.string(),
  ...counts,
});
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;

export const analyticsToolSchema = z.object({
  /** Generation type (TOOL_DEFINITIONS key); an unknown one keeps its raw name. */
  type: z.string(),
  label: text,
  /** Credits held and not returned for this tool's work started in the range (the ledger's net). */
  credits: int,
  /** Succeeded generations of this tool in the range. */
  succeeded: int,
});
export type AnalyticsTool = z.infer<typeof analyticsToolSchema>;

/** `GET /analytics?range=7d|30d|90d&tz=<IANA zone>` */
export const analyticsResponseSchema = z.object({
  success,
  range: z.enum(ANALYTICS_RANGES),
  timeZone: z.string(),
  /** Oldest period first. */
  periods: z.array(analyticsPeriodSchema),
  totals: z.object(counts),
  /** total / periods, rounded. */
  averages: z.object(counts),
  /** Label of the period with the most product images (the latest on a tie); null when none. */
  peak: z.nullable(z.string()),
  /** Tools with any credits or successes in the range, most credits first. */
  tools: z.array(analyticsToolSchema),
  /** Finished generations of the range: succeeded of (succeeded + failed + canceled). */
  outcomes: z.object({ succeeded: int, finished: int }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
