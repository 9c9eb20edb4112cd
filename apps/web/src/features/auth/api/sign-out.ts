import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notify } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { authApi, ignoreBody } from '@/lib/api-client';
import { sessionQueryKey, type SessionState } from './session';

/**
 * Signs out, drops every cached query of the old user and leaves for /login. The session is
 * marked `signedOut`, so the route guard (which reacts first) also goes to plain /login:
 * whichever redirect wins, the user lands on the same page.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => authApi.post('/sign-out', {}, { parse: ignoreBody }),
    onSuccess: () => {
      // Session first: the shell's account queries are disabled before their data is removed.
      queryClient.setQueryData<SessionState>(sessionQueryKey, { user: null, signedOut: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      void navigate(paths.login.path, { replace: true });
    },
    onError: () => {
      notify.error("Couldn't sign out", 'Check your connection and try again.');
    },
  });
}
