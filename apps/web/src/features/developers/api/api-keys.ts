import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@/lib/use-mutation';
import type { CreateApiKeyRequest } from '@studio/contract';
import { apiKeyListSchema, createdApiKeySchema } from '@studio/contract/responses';
import { api, ignoreBody, schemaParser } from '@/lib/api-client';

const readKeys = (data: unknown) => apiKeyListSchema.parse(data).keys;

export const apiKeysQueryKey = ['developers', 'api-keys'] as const;

/** `GET /api-keys`: the signed-in user's live keys, newest first (session only, ADR 059). */
export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => api.get('/api-keys', { parse: readKeys, signal }),
  });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

/**
 * `POST /api-keys` → 201 `{ id, key, prefix }`: the key is in this answer only. 409
 * `too_many_keys` past ten live keys, 400 with the field's message for a bad name or scope.
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyRequest) =>
      api.post('/api-keys', input, { parse: schemaParser(createdApiKeySchema) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

/** `DELETE /api-keys/:id` → 204; the list is read again so the key leaves it. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`/api-keys/${encodeURIComponent(id)}`, { parse: ignoreBody }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
