import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { getPopupResult } from '../lib/google-popup';

/**
 * /auth/popup-complete: where Google (through Better Auth) sends the sign-in popup back. It
 * tells the login page how it went (same origin only) and closes; opened by itself, without a
 * login page waiting, it simply goes to the app.
 */
export function PopupComplete() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const reported = useRef(false);

  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    const opener = window.opener as Window | null;
    if (!opener || opener.closed) {
      void navigate(paths.home.path, { replace: true });
      return;
    }
    opener.postMessage(getPopupResult(searchParams), window.location.origin);
    window.close();
  }, [navigate, searchParams]);

  return (
    <main
      role="status"
      className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-background px-6 text-center"
    >
      <Spinner className="size-7 text-primary" />
      <p className="text-sm font-medium text-muted-foreground">
        Finishing sign-in… You can close this window if it stays open.
      </p>
    </main>
  );
}
