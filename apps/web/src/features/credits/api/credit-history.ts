import { queryOptions, useQuery } from '@tanstack/react-query';
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

export const generationHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['credits', 'generation-history', userId],
    queryFn: ({ signal }) =>
      api.get(`/credit-transactions/generation-history/${encodeURIComponent(userId)}`, {
        parse: schemaParser(generationHistoryResponseSchema),
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
