import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Generation, GenerationAccepted } from '@studio/contract';
import {
  FINISHED_STATUSES,
  GENERATION_STATUSES,
  GENERATION_TYPES,
  type GenerationStatus,
  type GenerationType,
} from '@studio/contract/tools';
import { api, ApiError, isApiError } from '@/lib/api-client';
import { isFiniteNumber, isRecord, isString, isStringArray } from '@/lib/guards';

/** How often a generation's state is asked for while it is queued or running. */
export const POLL_INTERVAL_MS = 1000;

function isGenerationStatus(value: unknown): value is GenerationStatus {
  return GENERATION_STATUSES.some((status) => status === value);
}

function isGenerationType(value: unknown): value is GenerationType {
  return GENERATION_TYPES.some((type) => type === value);
}

export function isFinished(status: GenerationStatus): boolean {
  return FINISHED_STATUSES.includes(status);
}

/** The 202 of every generate call: `{ success: true, generationId, status }`. */
export function parseGenerationAccepted(data: unknown): GenerationAccepted {
  if (
    !isRecord(data) ||
    data.success !== true ||
    !isString(data.generationId) ||
    data.generationId === '' ||
    !isGenerationStatus(data.status)
  ) {
    throw new Error('Invalid generation answer');
  }
  return { success: true, generationId: data.generationId, status: data.status };
}

const nullableString = (value: unknown): string | null => (isString(value) ? value : null);
const strings = (value: unknown): string[] => (isStringArray(value) ? value : []);

/** One generation from `GET /generations/:id`; optional fields fall back to empty values. */
export function parseGeneration(data: unknown): Generation {
  const body = isRecord(data) && isRecord(data.generation) ? data.generation : null;
  if (
    !body ||
    !isString(body.id) ||
    !isGenerationType(body.type) ||
    !isGenerationStatus(body.status)
  ) {
    throw new Error('Invalid generation');
  }
  const progress = isFiniteNumber(body.progress) ? Math.min(100, Math.max(0, body.progress)) : 0;
  return {
    id: body.id,
    type: body.type,
    status: body.status,
    progress: Math.round(progress),
    queuePosition:
      isFiniteNumber(body.queuePosition) && body.queuePosition > 0 ? body.queuePosition : null,
    creditCost: isFiniteNumber(body.creditCost) ? body.creditCost : 0,
    prompt: isString(body.prompt) ? body.prompt : '',
    imageUrls: strings(body.imageUrls),
    videoUrls: strings(body.videoUrls),
    inputImageUrls: strings(body.inputImageUrls),
    previewNote: nullableString(body.previewNote),
    error: nullableString(body.error),
    createdAt: isString(body.createdAt) ? body.createdAt : '',
    startedAt: nullableString(body.startedAt),
    finishedAt: nullableString(body.finishedAt),
  };
}

/**
 * Starts a generation at `path` (e.g. '/upscaler'). The Idempotency-Key makes a repeated request
 * (double click, network retry) return the same generation instead of charging again.
 */
export function startGeneration(
  path: string,
  body: Record<string, unknown>,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<GenerationAccepted> {
  return api.post(path, body, {
    parse: parseGenerationAccepted,
    headers: { 'Idempotency-Key': idempotencyKey },
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
          parse: parseGeneration,
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
  return api.post(`/generations/${encodeURIComponent(id)}/cancel`, {}, { parse: parseGeneration });
}
