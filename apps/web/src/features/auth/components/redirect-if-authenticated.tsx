import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { getSafeRedirect, REDIRECT_PARAM } from '@/config/paths';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { useSession } from '../api/session';
import { useRedirectHeld } from '../lib/redirect-hold';

/**
 * Guard for /login: signed-in users go to the page they came for (or /). A failed session
 * check still shows the login screen; signing in will surface the real problem. While the
 * Google sign-in shows its success message, the redirect waits (see redirect-hold.ts).
 */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const [searchParams] = useSearchParams();
  const session = useSession();
  const held = useRedirectHeld();

  if (session.isPending) return <FullScreenLoader />;
  if (session.data?.user && !held)
    return <Navigate to={getSafeRedirect(searchParams.get(REDIRECT_PARAM))} replace />;
  return children;
}
