import { queryOptions, useQuery } from '@tanstack/react-query';
import { creditsResponseSchema } from '@studio/contract/responses';
import { api } from '@/lib/api-client';

export const creditsQueryKey = (userId: string) => ['credits', 'balance', userId] as const;

export const creditsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: creditsQueryKey(userId),
    queryFn: ({ signal }) =>
      api.post(
        '/user/credits',
        { userId },
        { parse: (data) => creditsResponseSchema.parse(data).credits, signal },
      ),
  });

/**
 * The user's credit balance. `credits` is null while loading, and 0 when the call fails or the
 * answer is malformed (spec §4), so the UI never shows an error where a number belongs.
 */
export function useCredits(userId: string | null) {
  const query = useQuery({ ...creditsQueryOptions(userId ?? ''), enabled: userId !== null });
  const credits = query.isPending ? null : (query.data ?? 0);
  return { credits, isLoading: userId !== null && query.isPending, query };
}
