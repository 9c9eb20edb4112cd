import { authRedirectResponseSchema } from '@studio/contract/responses';
import { paths } from '@/config/paths';
import { authApi } from '@/lib/api-client';

const popupComplete = paths.authPopupComplete.path;

/** An empty URL would leave the popup blank: it counts as a malformed answer. */
function readRedirectUrl(data: unknown): string {
  const { url } = authRedirectResponseSchema.parse(data);
  if (url === '') throw new Error('No sign-in URL');
  return url;
}

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
    { parse: readRedirectUrl },
  );
}
