import { queryOptions } from '@tanstack/react-query';
import { API_BASE } from '@studio/contract';
import { colourwaySetSchema, type ColourwaySet } from '@studio/contract/responses';
import { api, isApiError, schemaParser } from '@/lib/api-client';

/** How often a set with work still queued or running is asked for: one answer covers every variant. */
export const SET_POLL_MS = 1500;

const parseSet = schemaParser(colourwaySetSchema);

/** Whether every variant of the set has ended (succeeded, failed or canceled). */
export const setFinished = (set: ColourwaySet) =>
  set.generations.every((g) => g.status !== 'queued' && g.status !== 'running');

/**
 * `POST /colourways/generate`: every variant priced, charged and queued at once (one generation
 * each). The Idempotency-Key makes a repeated click or a network retry answer the same set.
 */
export function startColourways(body: Record<string, unknown>, idempotencyKey: string) {
  return api.post('/colourways/generate', body, {
    parse: parseSet,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export const colourwaySetQueryKey = (id: string) => ['colourways', 'sets', id] as const;

/** One set, polled until every variant has ended; a refusal (gone, signed out) ends the polling. */
export const colourwaySetQueryOptions = (id: string) =>
  queryOptions({
    queryKey: colourwaySetQueryKey(id),
    queryFn: ({ signal }) =>
      api.get(`/colourways/${encodeURIComponent(id)}`, { parse: parseSet, signal }),
    refetchInterval: (query) => {
      const set = query.state.data;
      if (set && setFinished(set)) return false;
      const error = query.state.error;
      if (isApiError(error) && !error.isRetryable) return false;
      return SET_POLL_MS;
    },
  });

/** The set's succeeded images as one zip, each named by its variant. */
export const colourwayZipUrl = (id: string) =>
  `${API_BASE}/colourways/${encodeURIComponent(id)}/zip`;
