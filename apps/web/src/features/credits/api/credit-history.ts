import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  GenerationHistoryItem,
  GenerationHistoryResponse,
  OrderHistoryItem,
  OrderHistoryResponse,
} from '@studio/contract';
import { CREDIT_SOURCES, USAGE_STATUSES } from '@studio/contract/constants';
import { api } from '@/lib/api-client';
import { isFiniteNumber, isRecord, isString, isStringArray } from '@/lib/guards';

/*
 * The two credit history calls (spec §3 credit order and generation history responses). The
 * contract's zod schemas stay out of the browser bundle, so the answers are checked here by hand:
 * a missing or mistyped required field makes the answer malformed (the page shows its error).
 */

function fail(what: string): never {
  throw new Error(`Invalid credit history: ${what}`);
}

function requireString(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  return isString(value) ? value : fail(key);
}

function requireNumber(record: Record<string, unknown>, key: string): number {
  const value = record[key];
  return isFiniteNumber(value) ? value : fail(key);
}

function requireArray(record: Record<string, unknown>, key: string): unknown[] {
  const value = record[key];
  return Array.isArray(value) ? value : fail(key);
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown): value is T {
  return allowed.some((item) => item === value);
}

function parseOrderItem(value: unknown): OrderHistoryItem {
  if (!isRecord(value)) fail('order row');
  const source = value.source;
  return {
    id: requireString(value, 'id'),
    created_at: requireString(value, 'created_at'),
    plan_display_name: requireString(value, 'plan_display_name'),
    credits_received: requireNumber(value, 'credits_received'),
    amount: requireNumber(value, 'amount'),
    currency: requireString(value, 'currency'),
    status: requireString(value, 'status'),
    // Rows from before the ledger knew its sources were all orders.
    source: oneOf(CREDIT_SOURCES, source) ? source : 'order',
  };
}

export function parseOrderHistory(data: unknown): OrderHistoryResponse {
  if (!isRecord(data) || data.success !== true) fail('order history');
  const rows = requireArray(data, 'order_history').map(parseOrderItem);
  return {
    success: true,
    current_balance: requireNumber(data, 'current_balance'),
    total_credits_purchased: isFiniteNumber(data.total_credits_purchased)
      ? data.total_credits_purchased
      : 0,
    total_orders: isFiniteNumber(data.total_orders) ? data.total_orders : rows.length,
    order_history: rows,
  };
}

function urls(value: unknown): string[] {
  return isStringArray(value) ? value : [];
}

/** Older rows may lack some details; the lists default to empty and the counts to their length. */
function parseDetails(value: unknown): GenerationHistoryItem['details'] {
  const details = isRecord(value) ? value : {};
  const imageUrls = urls(details.imageUrls);
  const videoUrls = urls(details.videoUrls);
  return {
    imageUrls,
    videoUrls,
    inputImageUrls: urls(details.inputImageUrls),
    styleName: isString(details.styleName) ? details.styleName : null,
    numberOfImages: isFiniteNumber(details.numberOfImages)
      ? details.numberOfImages
      : imageUrls.length,
    numberOfVideos: isFiniteNumber(details.numberOfVideos)
      ? details.numberOfVideos
      : videoUrls.length,
  };
}

function parseGenerationItem(value: unknown): GenerationHistoryItem {
  if (!isRecord(value)) fail('generation row');
  const status = value.status;
  if (!oneOf(USAGE_STATUSES, status)) fail('generation status');
  return {
    id: requireString(value, 'id'),
    timestamp: requireString(value, 'timestamp'),
    generation_type: requireString(value, 'generation_type'),
    display_name: requireString(value, 'display_name'),
    prompt: isString(value.prompt) ? value.prompt : '',
    credits_used: requireNumber(value, 'credits_used'),
    status,
    details: parseDetails(value.details),
  };
}

/** The server's per-type totals; not shown (the page recomputes them per period) but kept typed. */
function parseUsageByType(value: unknown): GenerationHistoryResponse['usage_by_type'] {
  if (!isRecord(value)) return {};
  const result: GenerationHistoryResponse['usage_by_type'] = {};
  for (const [type, entry] of Object.entries(value)) {
    if (
      isRecord(entry) &&
      isString(entry.display_name) &&
      isFiniteNumber(entry.credits_used) &&
      isFiniteNumber(entry.count)
    ) {
      result[type] = {
        display_name: entry.display_name,
        credits_used: entry.credits_used,
        count: entry.count,
      };
    }
  }
  return result;
}

export function parseGenerationHistory(data: unknown): GenerationHistoryResponse {
  if (!isRecord(data) || data.success !== true) fail('generation history');
  return {
    success: true,
    current_balance: requireNumber(data, 'current_balance'),
    usage_by_type: parseUsageByType(data.usage_by_type),
    generation_history: requireArray(data, 'generation_history').map(parseGenerationItem),
  };
}

export const orderHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['credits', 'order-history', userId],
    queryFn: ({ signal }) =>
      api.get(`/credit-transactions/order-history/${encodeURIComponent(userId)}`, {
        parse: parseOrderHistory,
        signal,
      }),
  });

export const generationHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['credits', 'generation-history', userId],
    queryFn: ({ signal }) =>
      api.get(`/credit-transactions/generation-history/${encodeURIComponent(userId)}`, {
        parse: parseGenerationHistory,
        signal,
      }),
  });

/**
 * Both histories for the signed-in user, fetched in parallel. The page needs both (the banner
 * mixes purchases and usage), so it is loading until both answered and failed if either failed;
 * `retry` refetches only the call that failed.
 */
export function useCreditHistory(userId: string | null) {
  const enabled = userId !== null;
  const orders = useQuery({ ...orderHistoryQueryOptions(userId ?? ''), enabled });
  const generations = useQuery({ ...generationHistoryQueryOptions(userId ?? ''), enabled });

  const error = orders.error ?? generations.error;
  return {
    orders: orders.data ?? null,
    generations: generations.data ?? null,
    isLoading: error === null && (orders.isPending || generations.isPending),
    error,
    isRetrying: orders.isFetching || generations.isFetching,
    retry: () => {
      if (orders.isError) void orders.refetch();
      if (generations.isError) void generations.refetch();
    },
  };
}
