import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse, SessionUser } from '@studio/contract';
import { sessionResponseSchema } from '@studio/contract/responses';
import { api, schemaParser } from '@/lib/api-client';

export const sessionQueryKey = ['auth', 'session'] as const;

/**
 * The server's session answer, plus `signedOut` when the user just signed out in this tab: the
 * route guard then sends them to plain /login instead of remembering the page they left.
 */
export type SessionState = SessionResponse & { signedOut?: true };

export function getSession(signal?: AbortSignal): Promise<SessionState> {
  return api.get('/session', { parse: schemaParser(sessionResponseSchema), signal });
}

/** GET /api/v1/session is the only source of "who is signed in" (200 with `user: null` when not). */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  // Re-checked on window focus (the cookie may have ended in another tab), not on every mount.
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

/** The signed-in user, or null while loading and when signed out. */
export function useCurrentUser(): SessionUser | null {
  return useSession().data?.user ?? null;
}
