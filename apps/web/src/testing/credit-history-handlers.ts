import type {
  GenerationHistoryItem,
  GenerationHistoryResponse,
  OrderHistoryItem,
  OrderHistoryResponse,
} from '@studio/contract';
import { http, HttpResponse, type RequestHandler } from 'msw';

const ORDER_HISTORY_URL = '/api/v1/credit-transactions/order-history/:userId';
const GENERATION_HISTORY_URL = '/api/v1/credit-transactions/generation-history/:userId';

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_DAYS: Record<string, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** Output as the server judges it (spec §4): videos for video generation, images otherwise. */
function hasOutput(row: GenerationHistoryItem): boolean {
  const urls =
    row.generation_type === 'video-generation' ? row.details.videoUrls : row.details.imageUrls;
  return urls.length > 0;
}

/** usage_by_type as the server computes it: succeeded rows with output, per type. */
export function usageByTypeOf(
  rows: readonly GenerationHistoryItem[],
): GenerationHistoryResponse['usage_by_type'] {
  const usage: GenerationHistoryResponse['usage_by_type'] = {};
  for (const row of rows) {
    if (row.status !== 'succeeded' || !hasOutput(row)) continue;
    const entry = usage[row.generation_type] ?? {
      display_name: row.display_name,
      credits_used: 0,
      count: 0,
    };
    usage[row.generation_type] = {
      ...entry,
      credits_used: entry.credits_used + row.credits_used,
      count: entry.count + 1,
    };
  }
  return usage;
}

interface FakeQuery {
  inPeriod: (iso: string) => boolean;
  listed: (iso: string, fields: string[]) => boolean;
  page: <T>(rows: T[]) => { rows: T[]; next: string | null };
}

/**
 * A list query read as the server reads it (ADR 044): `period` narrows the list and the totals;
 * `from`, `to` and `search` (any case, in the given fields) the list; `limit` rows (10 by
 * default) from `cursor` (here simply the index of the next row).
 */
function readQuery(query: URLSearchParams): FakeQuery {
  const days = PERIOD_DAYS[query.get('period') ?? 'all'];
  const since = days === undefined ? -Infinity : Date.now() - days * DAY_MS;
  const from = query.has('from') ? Date.parse(query.get('from') ?? '') : -Infinity;
  const to = query.has('to') ? Date.parse(query.get('to') ?? '') : Infinity;
  const needle = (query.get('search') ?? '').toLowerCase();
  const start = Number(query.get('cursor') ?? '0');
  const end = start + Number(query.get('limit') ?? '10');
  return {
    inPeriod: (iso) => Date.parse(iso) >= since,
    listed: (iso, fields) => {
      const time = Date.parse(iso);
      return (
        time >= since &&
        time >= from &&
        time <= to &&
        fields.some((field) => field.toLowerCase().includes(needle))
      );
    },
    page: (rows) => ({
      rows: rows.slice(start, end),
      next: end < rows.length ? String(end) : null,
    }),
  };
}

/** The server's purchase totals of `rows`: paid orders only (welcome credits are not bought). */
export function orderTotalsOf(rows: readonly OrderHistoryItem[]): {
  credits: number;
  orders: number;
} {
  const paid = rows.filter((row) => row.status === 'completed' && row.source === 'order');
  return {
    credits: paid.reduce((sum, row) => sum + row.credits_received, 0),
    orders: paid.length,
  };
}

/** An order history answer for `rows` (newest first) as the server pages and filters it. */
export function orderHistoryBody(
  rows: OrderHistoryItem[] = [],
  balance = 0,
  params: URLSearchParams = new URLSearchParams(),
): OrderHistoryResponse {
  const query = readQuery(params);
  const totals = orderTotalsOf(rows.filter((row) => query.inPeriod(row.created_at)));
  const listed = rows.filter((row) =>
    query.listed(row.created_at, [row.plan_display_name, row.id, row.status]),
  );
  const page = query.page(listed);
  return {
    success: true,
    current_balance: balance,
    total_credits_purchased: totals.credits,
    total_orders: totals.orders,
    total_items: listed.length,
    order_history: page.rows,
    next_cursor: page.next,
  };
}

/** A generation history answer for `rows` (newest first) as the server pages and filters it. */
export function generationHistoryBody(
  rows: GenerationHistoryItem[] = [],
  balance = 0,
  params: URLSearchParams = new URLSearchParams(),
): GenerationHistoryResponse {
  const query = readQuery(params);
  const listed = rows.filter((row) =>
    query.listed(row.timestamp, [row.generation_type, row.display_name, row.prompt]),
  );
  const page = query.page(listed);
  return {
    success: true,
    current_balance: balance,
    usage_by_type: usageByTypeOf(rows.filter((row) => query.inPeriod(row.timestamp))),
    generation_history: page.rows,
    next_cursor: page.next,
  };
}

/** Default fake API for the credit-history feature: both histories empty. Override with server.use(). */
export const creditHistoryHandlers: RequestHandler[] = [
  http.get(ORDER_HISTORY_URL, () => HttpResponse.json(orderHistoryBody())),
  http.get(GENERATION_HISTORY_URL, () => HttpResponse.json(generationHistoryBody())),
];

/**
 * `server.use(orderHistoryHandler(rows, balance))`: the order history answers with these rows
 * (newest first), paged and filtered as the request asks.
 */
export function orderHistoryHandler(rows: OrderHistoryItem[], balance = 0): RequestHandler {
  return http.get(ORDER_HISTORY_URL, ({ request }) =>
    HttpResponse.json(orderHistoryBody(rows, balance, new URL(request.url).searchParams)),
  );
}

/**
 * `server.use(generationHistoryHandler(rows, balance))`: the usage history answers with these
 * rows (newest first), paged and filtered as the request asks.
 */
export function generationHistoryHandler(
  rows: GenerationHistoryItem[],
  balance = 0,
): RequestHandler {
  return http.get(GENERATION_HISTORY_URL, ({ request }) =>
    HttpResponse.json(generationHistoryBody(rows, balance, new URL(request.url).searchParams)),
  );
}

/** Both history calls fail with a server error. */
export function creditHistoryFailureHandlers(): RequestHandler[] {
  const failure = () =>
    HttpResponse.json(
      { success: false, error: { code: 'internal_error', message: 'History is unavailable' } },
      { status: 500 },
    );
  return [http.get(ORDER_HISTORY_URL, failure), http.get(GENERATION_HISTORY_URL, failure)];
}

let sequence = 0;

/** A completed Pro Monthly order paid in USD; pass what the test is about. */
export function orderRow(overrides: Partial<OrderHistoryItem> = {}): OrderHistoryItem {
  sequence += 1;
  return {
    id: `order_${String(sequence).padStart(4, '0')}_abcdef`,
    created_at: '2026-01-10T12:00:00.000Z',
    plan_display_name: 'Pro Monthly',
    credits_received: 40,
    amount: 10,
    currency: 'USD',
    status: 'completed',
    source: 'order',
    ...overrides,
  };
}

/** A successful upscale with one image; pass what the test is about. */
export function generationRow(
  overrides: Omit<Partial<GenerationHistoryItem>, 'details'> & {
    details?: Partial<GenerationHistoryItem['details']>;
  } = {},
): GenerationHistoryItem {
  sequence += 1;
  const { details, ...rest } = overrides;
  return {
    id: `gen_${String(sequence).padStart(4, '0')}`,
    timestamp: '2026-01-10T12:00:00.000Z',
    generation_type: 'upscaler',
    display_name: 'Image Upscaler',
    prompt: '',
    credits_used: 2,
    status: 'succeeded',
    ...rest,
    details: {
      imageUrls: ['https://cdn.example/generated/1.jpg'],
      videoUrls: [],
      inputImageUrls: ['https://cdn.example/input/1.jpg'],
      styleName: null,
      numberOfImages: 1,
      numberOfVideos: 0,
      ...details,
    },
  };
}
