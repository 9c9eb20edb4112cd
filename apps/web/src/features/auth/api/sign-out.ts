import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@/lib/use-mutation';
import { useNavigate } from 'react-router';
import { endSession, notifySignOutFailed, postSignOut } from './end-session';

/** Ends this tab's session (see `endSession`), bound to the app's query client and router. */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (options: { callServer: boolean }) => endSession(queryClient, navigate, options),
    [queryClient, navigate],
  );
}

/** Logout: ends the server session, then forgets the user here (spec §2 Header: to /login). */
export function useSignOut() {
  const endSessionHere = useEndSession();
  return useMutation({
    mutationFn: postSignOut,
    onSuccess: () => endSessionHere({ callServer: false }),
    onError: notifySignOutFailed,
  });
}
