import { queryOptions } from '@tanstack/react-query';
import type { BatchAccepted, TryOnBatch } from '@studio/contract';
import {
  batchAcceptedSchema,
  latestBatchResponseSchema,
  tryOnBatchResponseSchema,
} from '@studio/contract/responses';
import { api, isApiError, schemaParser } from '@/lib/api-client';

/** How often a running catalogue is asked for: one answer covers every pair. */
export const CATALOGUE_POLL_MS = 1500;

const readBatch = (data: unknown): TryOnBatch => tryOnBatchResponseSchema.parse(data).batch;

/**
 * `POST /try-on/batches`: the whole catalogue is priced, charged and queued at once. The
 * Idempotency-Key makes a repeated click or a network retry return the same catalogue.
 */
export function startCatalogue(
  body: Record<string, unknown>,
  idempotencyKey: string,
): Promise<BatchAccepted> {
  return api.post('/try-on/batches', body, {
    parse: schemaParser(batchAcceptedSchema),
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export const catalogueQueryKey = (id: string) => ['try-on', 'batches', id] as const;

/** One catalogue, polled while any pair is queued or running. */
export const catalogueQueryOptions = (id: string) =>
  queryOptions({
    queryKey: catalogueQueryKey(id),
    queryFn: ({ signal }) =>
      api.get(`/try-on/batches/${encodeURIComponent(id)}`, { parse: readBatch, signal }),
    // Polled until every pair has ended. A refusal (gone, signed out) ends it; a network or
    // server failure does not: a laptop waking from sleep must see the catalogue move on.
    refetchInterval: (query) => {
      if (query.state.data?.status === 'finished') return false;
      const error = query.state.error;
      if (isApiError(error) && !error.isRetryable) return false;
      return CATALOGUE_POLL_MS;
    },
  });

/**
 * The user's most recent catalogue (running or finished), or null: what /try-on shows again when
 * it opens without one named in the address (a reload after Clear, a return from another page).
 */
export function fetchLatestCatalogue(signal?: AbortSignal): Promise<TryOnBatch | null> {
  return api.get('/try-on/batches/latest', {
    parse: (data) => latestBatchResponseSchema.parse(data).batch,
    signal,
  });
}

export const latestCatalogueQueryKey = (userId: string) =>
  ['try-on', 'batches', 'latest', userId] as const;

/** Stops the pairs not yet finished; their credits come back. */
export function cancelCatalogue(id: string): Promise<TryOnBatch> {
  return api.post(`/try-on/batches/${encodeURIComponent(id)}/cancel`, {}, { parse: readBatch });
}
