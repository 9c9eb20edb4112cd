import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProvidersResponse } from '@studio/contract';
import { authProvidersResponseSchema } from '@studio/contract/responses';
import { api, schemaParser } from '@/lib/api-client';

export const authProvidersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: ({ signal }) =>
    api.get('/auth/providers', { parse: schemaParser(authProvidersResponseSchema), signal }),
  staleTime: Infinity,
});

/** Which sign-in methods this server offers; undefined until known (or when the call failed). */
export function useAuthProviders(): AuthProvidersResponse | undefined {
  return useQuery(authProvidersQueryOptions).data;
}
