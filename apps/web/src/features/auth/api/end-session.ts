import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { notify } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { authApi, ignoreBody } from '@/lib/api-client';
import { forgetSignInMethod } from '../lib/sign-in-method';
import { sessionQueryKey, type SessionState } from './session';

export function notifySignOutFailed(): void {
  notify.error("Couldn't sign out", 'Check your connection and try again.');
}

export function postSignOut(): Promise<void> {
  return authApi.post('/sign-out', {}, { parse: ignoreBody });
}

/**
 * Forgets the signed-in user in this tab and leaves for /login: every cached query of the old
 * user is dropped, and the session is marked `signedOut`, so the route guard (which reacts
 * first) also goes to plain /login. Whichever redirect wins, the user lands on the same page.
 * `callServer` also ends the server session, ignoring failures (used after account deletion,
 * when the session is already gone with the account).
 */
export async function endSession(
  queryClient: QueryClient,
  navigate: NavigateFunction,
  { callServer }: { callServer: boolean },
): Promise<void> {
  if (callServer) await postSignOut().catch(() => undefined);
  forgetSignInMethod();
  // Session first: the shell's account queries are disabled before their data is removed.
  queryClient.setQueryData<SessionState>(sessionQueryKey, { user: null, signedOut: true });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  void navigate(paths.login.path, { replace: true });
}
