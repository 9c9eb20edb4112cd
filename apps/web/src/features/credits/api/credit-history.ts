import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type UseInfiniteQueryResult,
  type InfiniteData,
} from '@tanstack/react-query';
import type { CreditHistoryQuery } from '@studio/contract';
import {
  generationHistoryResponseSchema,
  orderHistoryResponseSchema,
} from '@studio/contract/responses';
import { api, schemaParser } from '@/lib/api-client';

function searchParams(query: CreditHistoryQuery, cursor: string | null): string {
  const params = new URLSearchParams();
  const fields = { ...query, limit: query.limit?.toString(), cursor: cursor ?? undefined };
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) params.set(name, value);
  return params.toString();
}

/** Purchases a page at a time (ADR 044): each page names the cursor of the next. */
export const orderHistoryQueryOptions = (userId: string, query: CreditHistoryQuery) =>
  infiniteQueryOptions({
    queryKey: ['credits', 'order-history', userId, query],
    queryFn: ({ signal, pageParam }) =>
      api.get(
        `/credit-transactions/order-history/${encodeURIComponent(userId)}?${searchParams(query, pageParam)}`,
        { parse: schemaParser(orderHistoryResponseSchema), signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** Usage a page at a time (ADR 044): each page names the cursor of the next. */
export const generationHistoryQueryOptions = (userId: string, query: CreditHistoryQuery) =>
  infiniteQueryOptions({
    queryKey: ['credits', 'generation-history', userId, query],
    queryFn: ({ signal, pageParam }) =>
      api.get(
        `/credit-transactions/generation-history/${encodeURIComponent(userId)}?${searchParams(query, pageParam)}`,
        { parse: schemaParser(generationHistoryResponseSchema), signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** What a paged list needs of its query: the pages so far and how to get the next. */
export interface HistoryPages<T> {
  pages: T[][];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** A changed filter's first page is on its way (the rows shown are the previous filter's). */
  isUpdating: boolean;
  nextPageError: Error | null;
  fetchNextPage: () => void;
}

function historyPages<P, T>(
  query: UseInfiniteQueryResult<InfiniteData<P>>,
  rows: (page: P) => T[],
): HistoryPages<T> {
  return {
    pages: (query.data?.pages ?? []).map(rows),
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    isUpdating: query.isPlaceholderData,
    nextPageError: query.isFetchNextPageError ? query.error : null,
    fetchNextPage: () => void query.fetchNextPage(),
  };
}

/**
 * Both histories for the signed-in user, fetched in parallel. The page needs both (the banner
 * mixes purchases and usage), so it is loading until both answered and failed if either failed;
 * `retry` refetches only the call that failed. A later page that fails is its list's own error
 * (`nextPageError`), shown under the rows already there. While a changed filter's first page
 * loads, the previous answer stays on screen.
 */
export function useCreditHistory(
  userId: string | null,
  queries: { purchases: CreditHistoryQuery; usage: CreditHistoryQuery },
) {
  const enabled = userId !== null;
  const orders = useInfiniteQuery({
    ...orderHistoryQueryOptions(userId ?? '', queries.purchases),
    enabled,
    placeholderData: keepPreviousData,
  });
  const generations = useInfiniteQuery({
    ...generationHistoryQueryOptions(userId ?? '', queries.usage),
    enabled,
    placeholderData: keepPreviousData,
  });

  const ordersError = orders.isFetchNextPageError ? null : orders.error;
  const generationsError = generations.isFetchNextPageError ? null : generations.error;
  const error = ordersError ?? generationsError;
  return {
    /** The first pages: the balance, the period's totals and the purchase list's length. */
    orders: orders.data?.pages[0] ?? null,
    generations: generations.data?.pages[0] ?? null,
    purchasePages: historyPages(orders, (page) => page.order_history),
    usagePages: historyPages(generations, (page) => page.generation_history),
    isLoading: error === null && (orders.isPending || generations.isPending),
    error,
    isRetrying: orders.isFetching || generations.isFetching,
    retry: () => {
      if (ordersError) void orders.refetch();
      if (generationsError) void generations.refetch();
    },
  };
}
