import { Navigate, Outlet, useLocation } from 'react-router';
import { getLoginHref, paths } from '@/config/paths';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { useSession } from '../api/session';
import { SessionError } from './session-error';

/**
 * Guard for every app route (spec §2): 'Loading...' while the session loads, /login (with the
 * intended path kept in `?redirect=`) when signed out, the routes otherwise.
 */
export function RequireAuth() {
  const location = useLocation();
  const session = useSession();

  if (session.isPending) return <FullScreenLoader />;
  if (session.isError) {
    return (
      <SessionError
        retrying={session.isFetching}
        onRetry={() => {
          void session.refetch();
        }}
      />
    );
  }
  if (!session.data.user) {
    // After a deliberate sign-out there is nothing to come back to.
    const to = session.data.signedOut
      ? paths.login.path
      : getLoginHref(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
