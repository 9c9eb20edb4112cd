import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

const MAX_RETRIES = 2;

/** Retry only what may succeed later (network, 5xx, 429); a 4xx or a malformed answer will not. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && !error.isRetryable) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Account data changes rarely during a visit; mutations invalidate what they touch.
        staleTime: 30_000,
        retry: shouldRetryQuery,
      },
      mutations: { retry: false },
    },
  });
}
