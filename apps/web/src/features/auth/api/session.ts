import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse, SessionUser } from '@studio/contract';
import { api } from '@/lib/api-client';
import { isRecord, isString, isStringArray } from '@/lib/guards';

export const sessionQueryKey = ['auth', 'session'] as const;

/**
 * The server's session answer, plus `signedOut` when the user just signed out in this tab: the
 * route guard then sends them to plain /login instead of remembering the page they left.
 */
export type SessionState = SessionResponse & { signedOut?: true };

function parseSessionUser(value: unknown): SessionUser {
  if (
    !isRecord(value) ||
    !isString(value.id) ||
    !isString(value.email) ||
    !isString(value.name) ||
    !(value.image === null || value.image === undefined || isString(value.image))
  ) {
    throw new Error('Invalid session user');
  }
  return {
    id: value.id,
    email: value.email,
    name: value.name,
    image: value.image ?? null,
    providers: isStringArray(value.providers) ? value.providers : [],
  };
}

export function parseSession(data: unknown): SessionState {
  if (!isRecord(data) || !('user' in data)) throw new Error('Invalid session response');
  return { user: data.user === null ? null : parseSessionUser(data.user) };
}

export function getSession(signal?: AbortSignal): Promise<SessionState> {
  return api.get('/session', { parse: parseSession, signal });
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
