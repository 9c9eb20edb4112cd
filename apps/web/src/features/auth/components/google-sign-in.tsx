import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { nonBlank } from '@/lib/guards';
import { getGoogleSignInUrl } from '../api/google-sign-in';
import { getSession, sessionQueryOptions } from '../api/session';
import {
  describePopupError,
  GOOGLE_POPUP_FEATURES,
  GOOGLE_POPUP_NAME,
  GOOGLE_SUCCESS_REDIRECT_DELAY_MS,
  googleSignInMessages as messages,
  waitForPopup,
} from '../lib/google-popup';
import { setRedirectHeld } from '../lib/redirect-hold';
import { forgetSignInMethod, rememberGoogleSignIn } from '../lib/sign-in-method';

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.57c2.08-1.92 3.27-4.74 3.27-8.09Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.76c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.11A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.11V7.05H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.95l3.66-2.84Z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.05l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38Z"
      />
    </svg>
  );
}

type GoogleState =
  | { status: 'idle' }
  | { status: 'connecting' }
  | { status: 'success' }
  | { status: 'failed'; reason: string };

/** The reason for a failed start: the auth server's own message, or 'unexpected' for the rest. */
function describeStartError(error: unknown): string {
  if (isApiError(error) && error.status > 0 && error.code !== 'malformed_response') {
    return nonBlank(error.message) ?? messages.unknown;
  }
  return messages.unexpected;
}

/**
 * 'Continue with Google' (spec §2 Login, §8): a popup to Google through Better Auth. The popup is
 * opened synchronously in the click (popup blockers allow only that), then sent to the provider;
 * /auth/popup-complete reports back by postMessage. On success the message shows for 1.5 s,
 * the session is read again and the /login guard moves on to / or the saved redirect.
 */
export function GoogleSignIn() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<GoogleState>({ status: 'idle' });
  const attempt = useRef<AbortController | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(
    () => () => {
      attempt.current?.abort();
      window.clearTimeout(redirectTimer.current);
      setRedirectHeld(false);
    },
    [],
  );

  const fail = (reason: string) => {
    setState({ status: 'failed', reason });
  };

  const succeed = () => {
    rememberGoogleSignIn();
    setRedirectHeld(true);
    setState({ status: 'success' });
    redirectTimer.current = window.setTimeout(() => {
      void queryClient
        .query({ ...sessionQueryOptions, staleTime: 0 })
        .then(
          (session) => {
            if (session.user) return;
            forgetSignInMethod();
            fail(messages.unexpected);
          },
          () => {
            fail(messages.unexpected);
          },
        )
        // With a user in the session, releasing the hold lets the /login guard navigate.
        .finally(() => {
          setRedirectHeld(false);
        });
    }, GOOGLE_SUCCESS_REDIRECT_DELAY_MS);
  };

  const run = async (popup: Window, signal: AbortSignal) => {
    // A function, not the property: the attempt can be abandoned (unmount) during every await.
    const abandoned = () => signal.aborted;
    // Listen before the popup can possibly answer.
    const outcome = waitForPopup(popup, { signal }).catch(() => null);
    try {
      const url = await getGoogleSignInUrl();
      if (abandoned()) return;
      popup.location.href = url;
    } catch (error) {
      attempt.current?.abort();
      popup.close();
      fail(describeStartError(error));
      return;
    }

    const result = await outcome;
    if (!result || abandoned()) return;
    if (result.kind === 'result') {
      if (result.result.ok) succeed();
      else fail(describePopupError(result.result));
      return;
    }
    // Closed without a message. If the sign-in finished anyway (the message got lost), the
    // session says so; otherwise the user closed the popup early.
    const session = await getSession(signal).catch(() => null);
    if (abandoned()) return;
    if (session?.user) succeed();
    else fail(messages.closed);
  };

  const start = () => {
    attempt.current?.abort();
    const popup = window.open('', GOOGLE_POPUP_NAME, GOOGLE_POPUP_FEATURES);
    if (!popup) {
      fail(messages.blocked);
      return;
    }
    const controller = new AbortController();
    attempt.current = controller;
    setState({ status: 'connecting' });
    void run(popup, controller.signal);
  };

  const connecting = state.status === 'connecting';

  return (
    <div className="space-y-3">
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        loading={connecting}
        disabled={connecting || state.status === 'success'}
        onClick={start}
      >
        {connecting ? null : <GoogleLogo />}
        Continue with Google
      </Button>
      {connecting ? (
        <p role="status" className="text-center text-sm text-muted-foreground">
          {messages.connecting}
        </p>
      ) : null}
      {state.status === 'success' ? (
        <Alert variant="success" role="status">
          {messages.success}
        </Alert>
      ) : null}
      {state.status === 'failed' ? (
        <Alert variant="destructive" role="alert">
          <p className="font-semibold">{messages.failed}</p>
          <p>{state.reason}</p>
        </Alert>
      ) : null}
    </div>
  );
}
