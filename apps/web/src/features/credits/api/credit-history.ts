import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { GenerationHistoryQuery } from '@studio/contract';
import {
  generationHistoryResponseSchema,
  orderHistoryResponseSchema,
} from '@studio/contract/responses';
import { api, schemaParser } from '@/lib/api-client';

export const orderHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['credits', 'order-history', userId],
    queryFn: ({ signal }) =>
      api.get(`/credit-transactions/order-history/${encodeURIComponent(userId)}`, {
        parse: schemaParser(orderHistoryResponseSchema),
        signal,
      }),
  });

function searchParams(query: GenerationHistoryQuery, cursor: string | null): string {
  const params = new URLSearchParams();
  const fields = { ...query, limit: query.limit?.toString(), cursor: cursor ?? undefined };
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) params.set(name, value);
  return params.toString();
}

/** The usage side a page at a time (ADR 044): each page names the cursor of the next. */
export const generationHistoryQueryOptions = (userId: string, query: GenerationHistoryQuery) =>
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

/**
 * Both histories for the signed-in user, fetched in parallel. The page needs both (the banner
 * mixes purchases and usage), so it is loading until both answered and failed if either failed;
 * `retry` refetches only the call that failed. A later usage page that fails is the list's own
 * error (`usage.nextPageError`), shown under the rows already there. While a changed filter's
 * first usage page loads, the previous answer stays on screen.
 */
export function useCreditHistory(userId: string | null, usageQuery: GenerationHistoryQuery) {
  const enabled = userId !== null;
  const orders = useQuery({ ...orderHistoryQueryOptions(userId ?? ''), enabled });
  const generations = useInfiniteQuery({
    ...generationHistoryQueryOptions(userId ?? '', usageQuery),
    enabled,
    placeholderData: keepPreviousData,
  });

  const generationsError = generations.isFetchNextPageError ? null : generations.error;
  const error = orders.error ?? generationsError;
  const pages = generations.data?.pages ?? [];
  return {
    orders: orders.data ?? null,
    /** The first usage page: the balance and the period's per-type totals. */
    generations: pages[0] ?? null,
    usage: {
      pages: pages.map((page) => page.generation_history),
      hasNextPage: generations.hasNextPage,
      isFetchingNextPage: generations.isFetchingNextPage,
      /** A changed filter's first page is on its way (the rows shown are the previous filter's). */
      isUpdating: generations.isPlaceholderData,
      nextPageError: generations.isFetchNextPageError ? generations.error : null,
      fetchNextPage: () => void generations.fetchNextPage(),
    },
    isLoading: error === null && (orders.isPending || generations.isPending),
    error,
    isRetrying: orders.isFetching || generations.isFetching,
    retry: () => {
      if (orders.isError) void orders.refetch();
      if (generationsError) void generations.refetch();
    },
  };
}

export type UsagePages = ReturnType<typeof useCreditHistory>['usage'];
