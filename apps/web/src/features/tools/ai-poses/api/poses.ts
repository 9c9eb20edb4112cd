import { queryOptions, useQuery } from '@tanstack/react-query';
import { posesResponseSchema } from '@studio/contract/responses';
import { api, schemaParser } from '@/lib/api-client';

/** `GET /poses`: the pose presets (document 2 §7). Kept a minute: presets change rarely. */
export const posesQueryOptions = () =>
  queryOptions({
    queryKey: ['ai-poses', 'poses'] as const,
    queryFn: ({ signal }) =>
      api.get('/poses', { parse: schemaParser(posesResponseSchema), signal }),
    staleTime: 60_000,
  });

export function usePoses() {
  return useQuery(posesQueryOptions());
}
