import {
  ANALYTICS_CATEGORIES,
  type AnalyticsCategory,
  type AnalyticsPeriod,
  type AnalyticsRange,
  type AnalyticsResponse,
  type AnalyticsTool,
  type GenerationType,
  toolLabel,
} from '@studio/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import * as repo from './analytics.repository';
import type { DayRow } from './analytics.repository';

/** Local days per range and how they split into the spec's periods (ADR 029). */
const RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '90d': 90 };

/**
 * Which tools feed which card (ADR 029): product images are the Product AI Photoshoot's output
 * images; try-on sessions are runs of either clothes photoshoot (plain and advanced); extractions
 * are Fashion Extractor runs. Other tools show only in credits per tool and the success rate.
 */
const CATEGORY_OF: Partial<Record<GenerationType, AnalyticsCategory>> = {
  photoshoot: 'productImages',
  'try-on': 'tryOnSessions',
  'realistic-try-on': 'tryOnSessions',
  'fashion-extractor': 'fashionExtractions',
};

/**
 * The period a day falls in, by its place in the window (0 = oldest). 7d: each day. 30d: four
 * weeks ending today, Week 1 taking the two oldest days as well (9 days). 90d: three 30-day months.
 */
function periodOf(range: AnalyticsRange, index: number): number {
  if (range === '7d') return index;
  if (range === '30d') return Math.max(0, 3 - Math.floor((29 - index) / 7));
  return Math.floor(index / 30);
}

const PERIOD_COUNT: Record<AnalyticsRange, number> = { '7d': 7, '30d': 4, '90d': 3 };

const emptyCounts = (): Record<AnalyticsCategory, number> => ({
  productImages: 0,
  tryOnSessions: 0,
  fashionExtractions: 0,
});

function categoryAmount(row: DayRow): [AnalyticsCategory, number] | null {
  const category = row.type === null ? undefined : CATEGORY_OF[row.type as GenerationType];
  if (category === undefined) return null;
  return [category, category === 'productImages' ? row.images : row.succeeded];
}

/** The response from the query's rows. */
function summarise(
  range: AnalyticsRange,
  timeZone: string,
  rows: readonly DayRow[],
): Omit<AnalyticsResponse, 'success'> {
  const days = [...new Set(rows.map((row) => row.day))].sort();
  const dayIndex = new Map(days.map((day, i) => [day, i]));
  const periods: AnalyticsPeriod[] = Array.from({ length: PERIOD_COUNT[range] }, (_, p) => ({
    label: range === '30d' ? `Week ${String(p + 1)}` : `Month ${String(p + 1)}`,
    start: '',
    end: '',
    ...emptyCounts(),
  }));
  const outcomes = { succeeded: 0, finished: 0 };
  const byTool = new Map<string, AnalyticsTool>();
  for (const row of rows) {
    const period = periods[periodOf(range, dayIndex.get(row.day) ?? 0)];
    if (!period) continue;
    if (period.start === '' || row.day < period.start) period.start = row.day;
    if (row.day > period.end) period.end = row.day;
    if (range === '7d') period.label = row.dow;
    const amount = categoryAmount(row);
    if (amount) period[amount[0]] += amount[1];
    outcomes.succeeded += row.succeeded;
    outcomes.finished += row.finished;
    if (row.type !== null) {
      const tool = byTool.get(row.type) ?? {
        type: row.type,
        label: toolLabel(row.type),
        credits: 0,
        succeeded: 0,
      };
      tool.credits += row.credits;
      tool.succeeded += row.succeeded;
      byTool.set(row.type, tool);
    }
  }

  const totals = emptyCounts();
  const averages = emptyCounts();
  for (const category of ANALYTICS_CATEGORIES) {
    totals[category] = periods.reduce((sum, period) => sum + period[category], 0);
    averages[category] = Math.round(totals[category] / periods.length);
  }
  // The latest period wins a tie: it is the one the user most likely remembers.
  let peak: string | null = null;
  let best = 0;
  for (const period of periods) {
    if (period.productImages > 0 && period.productImages >= best) {
      best = period.productImages;
      peak = period.label;
    }
  }

  const tools = [...byTool.values()]
    .filter((tool) => tool.credits !== 0 || tool.succeeded !== 0)
    .sort(
      (a, b) =>
        b.credits - a.credits || b.succeeded - a.succeeded || a.label.localeCompare(b.label),
    );

  return { range, timeZone, periods, totals, averages, peak, tools, outcomes };
}

type AnalyticsInput = { userId: string; range: AnalyticsRange; timeZone: string; now?: Date };
type AnalyticsAnswer = Omit<AnalyticsResponse, 'success'>;

export async function analytics(db: Db, input: AnalyticsInput): Promise<AnalyticsAnswer> {
  const window: repo.Window = {
    userId: input.userId,
    timeZone: input.timeZone,
    days: RANGE_DAYS[input.range],
    now: input.now ?? new Date(),
  };
  try {
    return summarise(input.range, input.timeZone, await repo.usageByDay(db, window));
  } catch (error) {
    // 22023 invalid_parameter_value: a zone the runtime knows but PostgreSQL does not.
    if (isPgError(error, '22023')) throw new AppError(400, 'bad_request', 'Unknown time zone.');
    throw error;
  }
}

/** Answers kept per process; each is a few KiB, so the bound is about memory, not hit rate. */
const CACHED_ANSWERS = 5_000;

/**
 * `analytics` behind a cache that is exact (ADR 032): an answer is reused only while the user's
 * activity version (raised by triggers with every change that counts) and the local date in the
 * asked zone are what they were when it was computed; both are part of the key. The version is
 * read before the query, so a change landing during the query makes the next read miss rather
 * than keep a stale answer. lru-cache's fetch shares one query between requests arriving while it
 * runs (a page open in several tabs, or a refetch on focus) and keeps no failed one.
 */
export function cachedAnalytics(db: Db): (input: AnalyticsInput) => Promise<AnalyticsAnswer> {
  const answers = new LRUCache<string, AnalyticsAnswer, AnalyticsInput & { now: Date }>({
    max: CACHED_ANSWERS,
    // An entry evicted while its query runs still answers the requests waiting on it.
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => analytics(db, context),
  });
  return async (input) => {
    const now = input.now ?? new Date();
    const version = await repo.activityVersion(db, input.userId);
    const key = [
      input.userId,
      input.range,
      input.timeZone,
      localDate(now, input.timeZone),
      version,
    ];
    return answers.forceFetch(key.join(' '), { context: { ...input, now } });
  };
}

const dateFormats = new LRUCache<string, Intl.DateTimeFormat>({ max: 1_000 });

/** YYYY-MM-DD of `now` in `timeZone` (en-CA formats dates that way). */
function localDate(now: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone });
    dateFormats.set(timeZone, format);
  }
  return format.format(now);
}

function isPgError(error: unknown, code: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && e.code === code) return true;
  }
  return false;
}
