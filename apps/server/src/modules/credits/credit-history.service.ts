import {
  GENERATION_TYPES,
  isInstantInRange,
  toolLabel,
  productDisplayName,
  type GenerationHistoryItem,
  type CreditHistoryPageQuery,
  type HistoryPeriodValue,
  type GenerationHistoryResponse,
  type OrderHistoryItem,
  type OrderHistoryResponse,
} from '@studio/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import * as generations from '../generations/generations.service';
import * as repo from './credit-history.repository';

/*
 * Every credit that came and went, for the Credit History screen: orders, welcome credits and
 * operator adjustments on the purchase side; generations (failed ones refunded and not counted),
 * lapsed plan credits and removed plan credits on the usage side, a page at a time (ADR 044).
 */

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
// Opaque to the client: base64url of [source, instant to the microsecond, id] of the page's last
// row. The source letter names the row's table (g: a generation, o: an order, e: a ledger entry),
// so a generation's cursor is refused by the order list and an order's by the usage list.

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/**
 * A forged cursor's instant reaches PostgreSQL as `::timestamptz`: year 0 or 30 February was a 500
 * there (issue 29). So it must be in the range every request date has (ADR 036, addendum
 * 2026-11-27) and a real day: V8 reads 2026-02-30 as 2 March, so the day must read back the same.
 */
const isCursorInstant = (at: string) =>
  AT.test(at) &&
  isInstantInRange(at) &&
  new Date(at).toISOString().slice(0, 23) === at.slice(0, 23);
const ENTRY_ID = /^\d{1,18}$/;
const ROW_IDS = {
  g: /^[\w-]{1,100}$/,
  o: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
};
type RowLetter = keyof typeof ROW_IDS;

export const BAD_CURSOR_MESSAGE =
  'The cursor is not one this list gave: pass next_cursor from the previous page unchanged.';

function encodeCursor(row: RowLetter, key: repo.HistoryKey): string {
  const source = key.source === 'row' ? row : 'e';
  return Buffer.from(JSON.stringify([source, key.at, key.id])).toString('base64url');
}

function decodeCursor(row: RowLetter, cursor: string): repo.HistoryKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (Array.isArray(parsed) && parsed.length === 3) {
    const [source, at, id] = parsed as unknown[];
    if (
      (source === row || source === 'e') &&
      typeof at === 'string' &&
      isCursorInstant(at) &&
      typeof id === 'string' &&
      (source === 'e' ? ENTRY_ID : ROW_IDS[row]).test(id)
    )
      return { source: source === 'e' ? 'entry' : 'row', at, id };
  }
  throw new AppError(400, 'bad_request', BAD_CURSOR_MESSAGE);
}

/**
 * The page from the two sides' first `limit + 1` rows after the cursor (each newest first): one
 * more than the page says whether anything follows it. At the same instant the row side comes
 * first, the order the keys follow.
 */
function mergePage<R extends { at: string }, E extends { at: string }, T>(
  rows: R[],
  entries: E[],
  limit: number,
  toItem: { row: (row: R) => T; entry: (entry: E) => T },
  ids: { row: (row: R) => string; entry: (entry: E) => string },
): { items: T[]; last: repo.HistoryKey | null; more: boolean } {
  const items: T[] = [];
  let last: repo.HistoryKey | null = null;
  let r = 0;
  let e = 0;
  while (items.length < limit && (r < rows.length || e < entries.length)) {
    const row = rows[r];
    const entry = entries[e];
    if (row && (!entry || row.at >= entry.at)) {
      items.push(toItem.row(row));
      last = { source: 'row', at: row.at, id: ids.row(row) };
      r += 1;
    } else if (entry) {
      items.push(toItem.entry(entry));
      last = { source: 'entry', at: entry.at, id: ids.entry(entry) };
      e += 1;
    }
  }
  return { items, last, more: r < rows.length || e < entries.length };
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
  version: number,
) => Promise<GenerationHistoryResponse['usage_by_type']>;

/**
 * The per-type totals of a period, kept per process while the user's activity version (ADR 032)
 * stands still and for at most USAGE_TTL_MS: every page carries them, and the aggregate over a
 * heavy user's 100k generations costs tens of milliseconds. The version is part of the key and is
 * read by the caller before the aggregate, so a change landing during it makes the next read miss
 * rather than keep a stale answer. lru-cache's fetch shares one aggregate between concurrent
 * requests and keeps no failed one.
 */
export function cachedUsageTotals(db: Db): UsageTotals {
  type Usage = GenerationHistoryResponse['usage_by_type'];
  const cache = new LRUCache<string, Usage, { userId: string; since: Date | null }>({
    max: 5_000,
    ttl: USAGE_TTL_MS,
    // An entry evicted while its query runs still answers the requests waiting on it.
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => {
      const usage: Usage = {};
      for (const row of await repo.usageTotals(db, context.userId, context.since))
        usage[row.type] = {
          display_name: toolLabel(row.type),
          credits_used: row.credits,
          count: row.count,
        };
      return usage;
    },
  });
  return (userId, period, now, version) =>
    cache.forceFetch(`${userId} ${period} ${String(version)}`, {
      context: { userId, since: periodStart(period, now) },
    });
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

function historyFilter(
  userId: string,
  query: CreditHistoryPageQuery,
  now: Date,
  namedTypes: readonly string[],
  label: (type: string) => string,
): repo.HistoryFilter {
  const since = periodStart(query.period, now);
  const search = query.search ?? '';
  const needle = search.toLowerCase();
  return {
    userId,
    from: query.from === undefined ? since : maxDate(since, new Date(query.from)),
    to: query.to === undefined ? null : new Date(query.to),
    pattern: search === '' ? null : likePattern(search),
    typesNamed:
      search === '' ? [] : namedTypes.filter((type) => label(type).toLowerCase().includes(needle)),
  };
}

function maxDate(a: Date | null, b: Date): Date {
  return a && a > b ? a : b;
}

export interface GenerationHistoryInput {
  userId: string;
  query: CreditHistoryPageQuery;
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
  const key = query.cursor === undefined ? null : decodeCursor('g', query.cursor);
  const filter = historyFilter(userId, query, now, GENERATION_TYPES, toolLabel);
  const [rows, entries, { balance, usage }] = await Promise.all([
    repo.generationPage(db, filter, key, query.limit + 1),
    repo.entryPage(db, filter, ENTRY_TEXTS, key, query.limit + 1),
    repo.balanceAndVersion(db, userId).then(async (head) => ({
      balance: head.balance,
      usage: await usageTotals(userId, query.period, now, head.version),
    })),
  ]);
  const page = mergePage(
    rows,
    entries,
    query.limit,
    { row: generationItem, entry: entryItem },
    { row: (row) => row.id, entry: (entry) => String(entry.id) },
  );
  return {
    current_balance: balance,
    usage_by_type: usage,
    generation_history: page.items,
    next_cursor: page.more && page.last ? encodeCursor('g', page.last) : null,
  };
}

// --- Purchases ------------------------------------------------------------------------------------

const PURCHASE_TEXTS: repo.PurchaseEntryTexts = {
  welcomeName: 'Welcome credits',
  adjustmentName: 'Credit adjustment: ',
  status: 'completed',
};

// An order's credits were received once it was paid, also if it was refunded later.
const paidStatuses = new Set(['completed', 'refunded']);

function orderItem(order: repo.HistoryOrderRow): OrderHistoryItem {
  return {
    id: order.id,
    created_at: toMillisIso(order.at),
    plan_display_name: productDisplayName(order.serviceType),
    credits_received: paidStatuses.has(order.status) ? order.credits : 0,
    amount: order.amountMinor / 100,
    currency: order.currency,
    status: order.status,
    source: 'order',
  };
}

function purchaseEntryItem(entry: repo.HistoryPurchaseEntryRow): OrderHistoryItem {
  return {
    id: `${entry.welcome ? 'welcome' : 'adjustment'}-${String(entry.id)}`,
    created_at: toMillisIso(entry.at),
    plan_display_name: entry.welcome
      ? PURCHASE_TEXTS.welcomeName
      : `${PURCHASE_TEXTS.adjustmentName}${entry.reason ?? ''}`,
    credits_received: entry.amount,
    amount: 0,
    currency: 'USD',
    status: PURCHASE_TEXTS.status,
    source: entry.welcome ? 'welcome' : 'adjustment',
  };
}

/**
 * One page of the purchase side (ADR 044): orders, welcome credits and operator adjustments,
 * newest first, after the cursor's row; with the balance, how many rows the filtered list has,
 * and the period's purchases (paid orders only: welcome credits and adjustments are listed, not
 * bought).
 */
export async function orderHistory(
  db: Db,
  {
    userId,
    query,
    now = new Date(),
  }: { userId: string; query: CreditHistoryPageQuery; now?: Date },
): Promise<Omit<OrderHistoryResponse, 'success'>> {
  const key = query.cursor === undefined ? null : decodeCursor('o', query.cursor);
  const serviceTypes = query.search ? await repo.orderServiceTypes(db, userId) : [];
  const filter = historyFilter(userId, query, now, serviceTypes, productDisplayName);
  const [rows, entries, summary] = await Promise.all([
    repo.orderPage(db, filter, key, query.limit + 1),
    repo.purchaseEntryPage(db, filter, PURCHASE_TEXTS, key, query.limit + 1),
    repo.purchaseSummary(db, filter, PURCHASE_TEXTS, periodStart(query.period, now)),
  ]);
  const page = mergePage(
    rows,
    entries,
    query.limit,
    { row: orderItem, entry: purchaseEntryItem },
    { row: (row) => row.id, entry: (entry) => String(entry.id) },
  );
  return {
    current_balance: summary.balance,
    total_credits_purchased: summary.credits,
    total_orders: summary.orders,
    total_items: summary.items,
    order_history: page.items,
    next_cursor: page.more && page.last ? encodeCursor('o', page.last) : null,
  };
}
