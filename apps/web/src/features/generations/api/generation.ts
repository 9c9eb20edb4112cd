import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Generation, GenerationAccepted } from '@studio/contract';
import { generationAcceptedSchema, generationResponseSchema } from '@studio/contract/responses';
import { FINISHED_STATUSES, type GenerationStatus } from '@studio/contract/tools';
import { api, ApiError, isApiError, schemaParser } from '@/lib/api-client';

/** How often a generation's state is asked for while it is queued or running. */
export const POLL_INTERVAL_MS = 1000;

export function isFinished(status: GenerationStatus): boolean {
  return FINISHED_STATUSES.includes(status);
}

/** One generation from `GET /generations/:id` (read leniently: see the contract's schema). */
const readGeneration = (data: unknown): Generation =>
  generationResponseSchema.parse(data).generation;

/**
 * Starts a generation at `path` (e.g. '/upscaler'). The Idempotency-Key makes a repeated request
 * (double click, network retry) return the same generation instead of charging again.
 */
export function startGeneration(
  path: string,
  body: Record<string, unknown>,
  idempotencyKey: string,
  signal?: AbortSignal,
  /** The past generation the screen was opened from, kept with the new one (ADR 030). */
  madeFrom?: string,
): Promise<GenerationAccepted> {
  return api.post(path, body, {
    parse: schemaParser(generationAcceptedSchema),
    headers: {
      'Idempotency-Key': idempotencyKey,
      ...(madeFrom ? { 'X-Made-From': madeFrom } : {}),
    },
    signal,
  });
}

export const generationQueryKey = (id: string) => ['generations', 'detail', id] as const;

/**
 * Unreadable poll answers in a row before the wait ends. One garbled answer (a proxy's error
 * page during a deploy) must not end a run that is still going and charged; an endpoint that
 * keeps answering garbage must not be polled forever either.
 */
export const MAX_MALFORMED_POLLS = 3;

/** A poll answer that could not be read, with how many came in a row. */
export class MalformedPollError extends ApiError {
  readonly inARow: number;

  constructor(cause: ApiError, inARow: number) {
    super({ status: cause.status, code: cause.code, message: cause.message, cause });
    this.inARow = inARow;
  }
}

// Per query client (one per app, one per test), so no count leaks between clients.
const malformedStreaks = new WeakMap<QueryClient, Map<string, number>>();

function streaksOf(client: QueryClient): Map<string, number> {
  let streaks = malformedStreaks.get(client);
  if (!streaks) {
    streaks = new Map();
    malformedStreaks.set(client, streaks);
  }
  return streaks;
}

/**
 * Whether a failed poll ends the wait: a 4xx (gone, signed out) will not change by asking
 * again, and neither will an endpoint that answered garbage MAX_MALFORMED_POLLS times in a row.
 */
export function pollEnded(error: unknown): error is ApiError {
  if (!isApiError(error) || error.isRetryable) return false;
  if (error instanceof MalformedPollError) return error.inARow >= MAX_MALFORMED_POLLS;
  return true;
}

export const generationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: generationQueryKey(id),
    queryFn: async ({ signal, client }) => {
      const streaks = streaksOf(client);
      try {
        const generation = await api.get(`/generations/${encodeURIComponent(id)}`, {
          parse: readGeneration,
          signal,
        });
        streaks.delete(id);
        return generation;
      } catch (error) {
        if (!isApiError(error) || error.code !== 'malformed_response') throw error;
        const inARow = (streaks.get(id) ?? 0) + 1;
        streaks.set(id, inARow);
        throw new MalformedPollError(error, inARow);
      }
    },
    // Polled while unfinished, also after a failed poll: a network blip must not end the wait.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status !== undefined && isFinished(status)) return false;
      if (pollEnded(query.state.error)) return false;
      return POLL_INTERVAL_MS;
    },
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

/** The generation's live state (status, queue position, progress, outputs); idle without an id. */
export function useGeneration(id: string | null) {
  return useQuery({ ...generationQueryOptions(id ?? ''), enabled: id !== null });
}

/** `POST /generations/:id/cancel`: unfinished work stops and its credits are released. */
export function cancelGeneration(id: string): Promise<Generation> {
  return api.post(`/generations/${encodeURIComponent(id)}/cancel`, {}, { parse: readGeneration });
}
