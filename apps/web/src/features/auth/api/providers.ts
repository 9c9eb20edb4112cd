import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProvidersResponse } from '@studio/contract';
import { api } from '@/lib/api-client';
import { isRecord } from '@/lib/guards';

export function parseAuthProviders(data: unknown): AuthProvidersResponse {
  if (!isRecord(data) || typeof data.google !== 'boolean' || typeof data.email !== 'boolean') {
    throw new Error('Invalid providers response');
  }
  return { google: data.google, email: data.email };
}

export const authProvidersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: ({ signal }) => api.get('/auth/providers', { parse: parseAuthProviders, signal }),
  staleTime: Infinity,
});

/** Which sign-in methods this server offers; undefined until known (or when the call failed). */
export function useAuthProviders(): AuthProvidersResponse | undefined {
  return useQuery(authProvidersQueryOptions).data;
}
