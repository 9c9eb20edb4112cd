import { queryOptions, useQuery } from '@tanstack/react-query';
import { accessResponseSchema } from '@studio/contract/responses';
import { useCurrentUser } from '@/features/auth';
import { api, schemaParser } from '@/lib/api-client';

export const modesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['generations', 'modes', userId] as const,
    queryFn: ({ signal }) =>
      api.get('/modes', { parse: schemaParser(accessResponseSchema), signal }),
  });

/** The modes and tools the user's plan allows (document 2 §4 Mode). */
export function useModes() {
  const userId = useCurrentUser()?.id ?? null;
  return useQuery({ ...modesQueryOptions(userId ?? ''), enabled: userId !== null });
}
