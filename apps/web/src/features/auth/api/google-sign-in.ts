import { paths } from '@/config/paths';
import { authApi } from '@/lib/api-client';
import { isRecord, isString } from '@/lib/guards';

function parseRedirectUrl(data: unknown): string {
  if (!isRecord(data) || !isString(data.url) || data.url === '') {
    throw new Error('Invalid sign-in response');
  }
  return data.url;
}

const popupComplete = paths.authPopupComplete.path;

/**
 * Asks Better Auth for Google's authorization URL without redirecting this page; the popup
 * goes there, and the provider sends it back to /auth/popup-complete. Better Auth 1.7 serves
 * its generic-OAuth providers through the standard social endpoint (ADR 008), so this is
 * `sign-in/social` with `provider`, not the older `sign-in/oauth2` with `providerId`.
 */
export function getGoogleSignInUrl(): Promise<string> {
  return authApi.post(
    '/sign-in/social',
    {
      provider: 'google',
      callbackURL: `${popupComplete}?status=success`,
      newUserCallbackURL: `${popupComplete}?status=success`,
      errorCallbackURL: popupComplete,
      disableRedirect: true,
    },
    { parse: parseRedirectUrl },
  );
}
