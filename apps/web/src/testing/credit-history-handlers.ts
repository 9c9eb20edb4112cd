import type {
  GenerationHistoryItem,
  GenerationHistoryResponse,
  OrderHistoryItem,
  OrderHistoryResponse,
} from '@studio/contract';
import { http, HttpResponse, type RequestHandler } from 'msw';

const ORDER_HISTORY_URL = '/api/v1/credit-transactions/order-history/:userId';
const GENERATION_HISTORY_URL = '/api/v1/credit-transactions/generation-history/:userId';

/** An order history answer for `rows`, with the server's all-time totals derived from them. */
export function orderHistoryBody(rows: OrderHistoryItem[] = [], balance = 0): OrderHistoryResponse {
  const completed = rows.filter((row) => row.status === 'completed');
  return {
    success: true,
    current_balance: balance,
    total_credits_purchased: completed.reduce((sum, row) => sum + row.credits_received, 0),
    total_orders: rows.length,
    order_history: rows,
  };
}

/** A generation history answer for `rows`; usage_by_type counts succeeded rows, as the server does. */
export function generationHistoryBody(
  rows: GenerationHistoryItem[] = [],
  balance = 0,
): GenerationHistoryResponse {
  const usage: GenerationHistoryResponse['usage_by_type'] = {};
  for (const row of rows) {
    if (row.status !== 'succeeded') continue;
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
  return {
    success: true,
    current_balance: balance,
    usage_by_type: usage,
    generation_history: rows,
  };
}

/** Default fake API for the credit-history feature: both histories empty. Override with server.use(). */
export const creditHistoryHandlers: RequestHandler[] = [
  http.get(ORDER_HISTORY_URL, () => HttpResponse.json(orderHistoryBody())),
  http.get(GENERATION_HISTORY_URL, () => HttpResponse.json(generationHistoryBody())),
];

/** `server.use(orderHistoryHandler(rows, balance))`: the order history answers with these rows. */
export function orderHistoryHandler(rows: OrderHistoryItem[], balance = 0): RequestHandler {
  return http.get(ORDER_HISTORY_URL, () => HttpResponse.json(orderHistoryBody(rows, balance)));
}

/** `server.use(generationHistoryHandler(rows, balance))`: the usage history answers with these rows. */
export function generationHistoryHandler(
  rows: GenerationHistoryItem[],
  balance = 0,
): RequestHandler {
  return http.get(GENERATION_HISTORY_URL, () =>
    HttpResponse.json(generationHistoryBody(rows, balance)),
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
