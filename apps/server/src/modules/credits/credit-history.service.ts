import {
  GENERATION_TYPES,
  toolLabel,
  productDisplayName,
  type GenerationHistoryItem,
  type GenerationHistoryPageQuery,
  type HistoryPeriodValue,
  type GenerationHistoryResponse,
  type OrderHistoryItem,
  type OrderHistoryResponse,
} from '@studio/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import * as billing from '../billing/billing.service';
import * as generations from '../generations/generations.service';
import * as repo from './credit-history.repository';
import * as credits from './credits.service';

/*
 * Every credit that came and went, for the Credit History screen: orders, welcome credits and
 * operator adjustments on the purchase side; generations (failed ones refunded and not counted),
 * lapsed plan credits and removed plan credits on the usage side, a page at a time (ADR 044).
 */

const paidStatuses = new Set(['completed', 'refunded']);

export async function orderHistory(
  db: Db,
  userId: string,
): Promise<Omit<OrderHistoryResponse, 'success'>> {
  const [orders, entries, balance] = await Promise.all([
    billing.listOrders({ db }, userId),
    credits.listHistoryEntries(db, userId),
    credits.balanceOf(db, userId),
  ]);
  const rows: OrderHistoryItem[] = orders.map((order) => ({
    id: order.id,
    created_at: order.createdAt.toISOString(),
    plan_display_name: productDisplayName(order.serviceType),
    credits_received: paidStatuses.has(order.status) ? order.credits : 0,
    amount: order.amountMinor / 100,
    currency: order.currency,
    status: order.status,
    source: 'order',
  }));
  for (const entry of entries) {
    const welcome = entry.idempotencyKey.startsWith('welcome:');
    const adjustment = entry.kind === 'adjust' && entry.referenceType === 'admin';
    if (!welcome && !adjustment) continue;
    rows.push({
      id: `${welcome ? 'welcome' : 'adjustment'}-${String(entry.id)}`,
      created_at: entry.createdAt.toISOString(),
      plan_display_name: welcome ? 'Welcome credits' : `Credit adjustment: ${entry.reason ?? ''}`,
      credits_received: entry.amount,
      amount: 0,
      currency: 'USD',
      status: 'completed',
      source: welcome ? 'welcome' : 'adjustment',
    });
  }
  rows.sort((a, b) => b.created_at.localeCompare(a.created_at));
  // Welcome credits and operator adjustments are listed, but only paid orders are purchases.
  const purchased = rows.filter((row) => row.status === 'completed' && row.source === 'order');
  return {
    current_balance: balance,
    total_credits_purchased: purchased.reduce((sum, row) => sum + row.credits_received, 0),
    total_orders: purchased.length,
    order_history: rows,
  };
}

const noDetails = {
  imageUrls: [],
  videoUrls: [],
  inputImageUrls: [],
  styleName: null,
  numberOfImages: 0,
  numberOfVideos: 0,
};

function generationStatus(
  generation: Pick<repo.HistoryGenerationRow, 'status' | 'type' | 'imageUrls' | 'videoUrls'>,
): GenerationHistoryItem['status'] {
  if (generation.status === 'queued' || generation.status === 'running') return 'pending';
  return generation.status === 'succeeded' && generations.hasOutput(generation)
    ? 'succeeded'
    : 'refunded';
}

const ENTRY_TEXTS: repo.EntryTexts = {
  type: 'credit_expiry',
  expiredName: 'Expired plan credits',
  expiredPrompt: 'Plan credits not used within their 30-day cycle',
  removedName: 'Plan credits removed',
};

// --- Cursors -------------------------------------------------------------------------------------
// Opaque to the client: base64url of [source, instant to the microsecond, id] of the page's last row.

const SOURCES = { g: 'generation', e: 'entry' } as const;
const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export const BAD_CURSOR_MESSAGE =
  'The cursor is not one this list gave: pass next_cursor from the previous page unchanged.';

function encodeCursor(key: repo.HistoryKey): string {
  const source = key.source === 'generation' ? 'g' : 'e';
  return Buffer.from(JSON.stringify([source, key.at, key.id])).toString('base64url');
}

function decodeCursor(cursor: string): repo.HistoryKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (Array.isArray(parsed) && parsed.length === 3) {
    const [source, at, id] = parsed as unknown[];
    if (
      (source === 'g' || source === 'e') &&
      typeof at === 'string' &&
      AT.test(at) &&
      !Number.isNaN(Date.parse(at)) &&
      typeof id === 'string' &&
      id.length > 0 &&
      id.length <= 100 &&
      (source === 'g' || /^\d{1,18}$/.test(id))
    )
      return { source: SOURCES[source], at, id };
  }
  throw new AppError(400, 'bad_request', BAD_CURSOR_MESSAGE);
}

// --- Totals --------------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_DAYS: Record<HistoryPeriodValue, number | null> = {
  all: null,
  '7d': 7,
  '30d': 30,
  '90d': 90,
};

function periodStart(period: HistoryPeriodValue, now: Date): Date | null {
  const days = PERIOD_DAYS[period];
  return days === null ? null : new Date(now.getTime() - days * DAY_MS);
}

/** How long a period's totals are reused while nothing changed: the window's edge moves on. */
const USAGE_TTL_MS = 30_000;

export type UsageTotals = (
  userId: string,
  period: HistoryPeriodValue,
  now: Date,
) => Promise<GenerationHistoryResponse['usage_by_type']>;

/**
 * The per-type totals of a period, kept per process while the user's activity version (ADR 032)
 * stands still and for at most USAGE_TTL_MS: every page carries them, and the aggregate over a
 * heavy user's 100k generations costs tens of milliseconds. The version is read before the
 * aggregate, so a change landing during it makes the next read miss rather than keep a stale
 * answer; concurrent requests share one aggregate.
 */
export function cachedUsageTotals(db: Db): UsageTotals {
  const cache = new LRUCache<
    string,
    { version: number; totals: Promise<GenerationHistoryResponse['usage_by_type']> }
  >({ max: 5_000, ttl: USAGE_TTL_MS });
  return async (userId, period, now) => {
    const version = await repo.activityVersion(db, userId);
    const key = `${userId} ${period}`;
    const cached = cache.get(key);
    if (cached?.version === version) return cached.totals;
    const entry = {
      version,
      totals: repo.usageTotals(db, userId, periodStart(period, now)).then((rows) => {
        const usage: GenerationHistoryResponse['usage_by_type'] = {};
        for (const row of rows)
          usage[row.type] = {
            display_name: toolLabel(row.type),
            credits_used: row.credits,
            count: row.count,
          };
        return usage;
      }),
    };
    cache.set(key, entry);
    // A failed aggregate is not kept: the next request tries again.
    entry.totals.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return entry.totals;
  };
}

// --- The page ------------------------------------------------------------------------------------

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function generationItem(generation: repo.HistoryGenerationRow): GenerationHistoryItem {
  return {
    id: generation.id,
    timestamp: toMillisIso(generation.at),
    generation_type: generation.type,
    display_name: toolLabel(generation.type),
    prompt: generation.prompt,
    credits_used: generation.credits,
    status: generationStatus(generation),
    details: {
      imageUrls: generation.imageUrls,
      videoUrls: generation.videoUrls,
      inputImageUrls: generation.inputImageUrls,
      styleName: generation.styleName,
      numberOfImages: generation.imageUrls.length,
      numberOfVideos: generation.videoUrls.length,
    },
  };
}

function entryItem(entry: repo.HistoryEntryRow): GenerationHistoryItem {
  const expired = entry.kind === 'expire';
  return {
    id: `${expired ? 'expiry' : 'removal'}-${String(entry.id)}`,
    timestamp: toMillisIso(entry.at),
    generation_type: ENTRY_TEXTS.type,
    display_name: expired ? ENTRY_TEXTS.expiredName : ENTRY_TEXTS.removedName,
    prompt: expired ? ENTRY_TEXTS.expiredPrompt : (entry.reason ?? ''),
    credits_used: -entry.amount,
    status: expired ? 'expired' : 'adjusted',
    details: noDetails,
  };
}

/** The timestamps the screen always had (Date#toISOString), from the key's microsecond text. */
function toMillisIso(at: string): string {
  return `${at.slice(0, 23)}Z`;
}

export interface GenerationHistoryInput {
  userId: string;
  query: GenerationHistoryPageQuery;
  usageTotals: UsageTotals;
  now?: Date;
}

/**
 * One page of the usage side (ADR 044): generations (failed ones refunded), lapsed and removed
 * plan credits, newest first, after the cursor's row; with the balance and the period's totals.
 */
export async function generationHistory(
  db: Db,
  { userId, query, usageTotals, now = new Date() }: GenerationHistoryInput,
): Promise<Omit<GenerationHistoryResponse, 'success'>> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const since = periodStart(query.period, now);
  const from = query.from === undefined ? since : maxDate(since, new Date(query.from));
  const search = query.search ?? '';
  const needle = search.toLowerCase();
  const filter: repo.HistoryFilter = {
    userId,
    from,
    to: query.to === undefined ? null : new Date(query.to),
    pattern: search === '' ? null : likePattern(search),
    typesNamed:
      search === ''
        ? []
        : GENERATION_TYPES.filter((type) => toolLabel(type).toLowerCase().includes(needle)),
  };
  // One more row than the page from each side says whether anything follows it.
  const [rows, entries, balance, usage] = await Promise.all([
    repo.generationPage(db, filter, after, query.limit + 1),
    repo.entryPage(db, filter, ENTRY_TEXTS, after, query.limit + 1),
    credits.balanceOf(db, userId),
    usageTotals(userId, query.period, now),
  ]);
  const page: GenerationHistoryItem[] = [];
  let last: repo.HistoryKey | null = null;
  let g = 0;
  let e = 0;
  while (page.length < query.limit && (g < rows.length || e < entries.length)) {
    const generation = rows[g];
    const entry = entries[e];
    // At the same instant a generation comes first (the order the keys follow).
    if (generation && (!entry || generation.at >= entry.at)) {
      page.push(generationItem(generation));
      last = { source: 'generation', at: generation.at, id: generation.id };
      g += 1;
    } else if (entry) {
      page.push(entryItem(entry));
      last = { source: 'entry', at: entry.at, id: String(entry.id) };
      e += 1;
    }
  }
  const more = g < rows.length || e < entries.length;
  return {
    current_balance: balance,
    usage_by_type: usage,
    generation_history: page,
    next_cursor: more && last ? encodeCursor(last) : null,
  };
}

function maxDate(a: Date | null, b: Date): Date {
  return a && a > b ? a : b;
}
