import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notify } from '@/components/ui/toast';

// The same words as `notifySignOutFailed` (api/end-session.ts), for when even its code cannot load.
function notifyCouldNotLoad(): void {
  notify.error("Couldn't sign out", 'Check your connection and try again.');
}

/**
 * Logout for a button every page shows (the sidebar's): the same as `useSignOut`, but its code
 * (the request, the mutation) loads on the click, not with every page's first paint
 * (ARCHITECTURE §8). `isPending` from the click until the user has left or the toast shows.
 */
export function useSignOutOnClick() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    const loaded = await import('../api/end-session').catch(() => null);
    if (!loaded) notifyCouldNotLoad();
    else {
      try {
        await loaded.postSignOut();
        await loaded.endSession(queryClient, navigate, { callServer: false });
      } catch {
        loaded.notifySignOutFailed();
      }
    }
    setPending(false);
  };
  return { isPending, signOut };
}
