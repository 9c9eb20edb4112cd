import { useMutation } from '@/lib/use-mutation';
import { messageResponseSchema } from '@studio/contract/responses';
import { useEndSession } from '@/features/auth';
import { api } from '@/lib/api-client';
import { removeSkipMarker } from '../lib/skip-marker-storage';

/** Spec §9: how long the success message stays before the user is signed out. */
export const DELETION_LOGOUT_DELAY_MS = 2000;

/**
 * `POST /user/delete-account`. On success the caller shows the server's message; 2 s later the
 * user is logged out and taken to /login (spec §4 Delete account). The timer belongs to the
 * mutation, not the dialog, so it runs even if the dialog or page is gone by then.
 */
export function useDeleteAccount() {
  const endSession = useEndSession();
  return useMutation({
    mutationFn: (userId: string) =>
      api.post(
        '/user/delete-account',
        { userId },
        { parse: (data) => messageResponseSchema.parse(data).message },
      ),
    onSuccess: (_message, userId) => {
      removeSkipMarker(userId);
      setTimeout(() => {
        void endSession({ callServer: true });
      }, DELETION_LOGOUT_DELAY_MS);
    },
  });
}
