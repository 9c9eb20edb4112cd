import { isRecord, isString, nonBlank } from '@/lib/guards';

/*
 * The Google popup protocol between the login page (opener) and /auth/popup-complete (popup).
 * The popup posts one message to its opener, same origin only, then closes itself.
 */

export const GOOGLE_POPUP_MESSAGE_TYPE = 'studio-google-sign-in';
export const GOOGLE_POPUP_NAME = 'google-sign-in';
export const GOOGLE_POPUP_FEATURES = 'width=500,height=640';
/** How often the opener checks whether the popup was closed by hand. */
export const POPUP_POLL_INTERVAL_MS = 400;
/** Spec §9: the success message stays this long before the app navigates. */
export const GOOGLE_SUCCESS_REDIRECT_DELAY_MS = 1500;

/** Spec §2 Login and §8: the texts of every state of the Google sign-in. */
export const googleSignInMessages = {
  connecting: 'Connecting to Google...',
  success: 'Authentication successful! Redirecting...',
  failed: 'Google sign-in failed',
  closed: 'Sign-in popup was closed before completing the sign in',
  cancelled: 'The sign-in popup was cancelled',
  blocked: 'Sign-in popup was blocked by browser',
  unknown: 'An unknown error occurred',
  unexpected: 'An unexpected error occurred',
} as const;

export interface PopupResult {
  type: typeof GOOGLE_POPUP_MESSAGE_TYPE;
  ok: boolean;
  /** The provider's or Better Auth's error code, e.g. `access_denied`; null on success. */
  error: string | null;
  /** A readable description when the provider gave one. */
  message: string | null;
}

/** What /auth/popup-complete reports, from the query the provider redirected it with. */
export function getPopupResult(search: URLSearchParams): PopupResult {
  const error = nonBlank(search.get('error'));
  return {
    type: GOOGLE_POPUP_MESSAGE_TYPE,
    ok: error === null && search.get('status') === 'success',
    error: error ?? (search.get('status') === 'success' ? null : 'unknown_error'),
    message: nonBlank(search.get('error_description')),
  };
}

/** Accepts only our own message shape; anything else posted to the window is ignored. */
export function parsePopupResult(data: unknown): PopupResult | null {
  if (!isRecord(data) || data.type !== GOOGLE_POPUP_MESSAGE_TYPE || typeof data.ok !== 'boolean') {
    return null;
  }
  return {
    type: GOOGLE_POPUP_MESSAGE_TYPE,
    ok: data.ok,
    error: isString(data.error) ? data.error : null,
    message: isString(data.message) ? data.message : null,
  };
}

/** The reason shown under 'Google sign-in failed' for an error the provider reported. */
export function describePopupError(result: Pick<PopupResult, 'error' | 'message'>): string {
  if (result.error === 'access_denied') return googleSignInMessages.cancelled;
  return nonBlank(result.message) ?? googleSignInMessages.unknown;
}

export type PopupOutcome = { kind: 'result'; result: PopupResult } | { kind: 'closed' };

/**
 * Resolves with the popup's message, or `closed` when the popup is closed without sending one.
 * Messages from other origins are ignored. A closed popup is reported one poll late, so a
 * message posted just before `window.close()` still wins. Rejects when `signal` aborts.
 */
export function waitForPopup(
  popup: Pick<Window, 'closed'>,
  { signal, intervalMs = POPUP_POLL_INTERVAL_MS }: { signal: AbortSignal; intervalMs?: number },
): Promise<PopupOutcome> {
  return new Promise((resolve, reject) => {
    let seenClosed = false;
    const cleanup = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(timer);
      signal.removeEventListener('abort', onAbort);
    };
    const finish = (outcome: PopupOutcome) => {
      cleanup();
      resolve(outcome);
    };
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      const result = parsePopupResult(event.data);
      if (result) finish({ kind: 'result', result });
    }
    function onAbort() {
      cleanup();
      reject(signal.reason as Error);
    }
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      if (seenClosed) finish({ kind: 'closed' });
      seenClosed = true;
    }, intervalMs);
    window.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort);
  });
}
