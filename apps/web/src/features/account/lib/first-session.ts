import type { UserProfile } from '@studio/contract';

/**
 * Signing up signs the new account in at once, so its first "last sign-in" lands within moments
 * of the registration. A sign-in this close to registering is still the sign-up's own session.
 */
const SIGN_UP_SESSION_MS = 10 * 60_000;

/**
 * Whether the user is still in the session they signed up in (greet "Welcome", not "Welcome
 * back"). A later sign-in moves `lastSignIn` forward, which makes them a returning user; null
 * while the profile is unknown, so nobody is greeted wrongly before it loads.
 */
export function isFirstSession(
  profile: Pick<UserProfile, 'registrationDate' | 'lastSignIn'> | null,
): boolean | null {
  if (profile === null) return null;
  const registered = Date.parse(profile.registrationDate);
  if (Number.isNaN(registered)) return null;
  // Never signed in apart from the sign-up (or not recorded yet): this is the first visit.
  if (profile.lastSignIn === null) return true;
  const lastSignIn = Date.parse(profile.lastSignIn);
  if (Number.isNaN(lastSignIn)) return null;
  return lastSignIn - registered < SIGN_UP_SESSION_MS;
}
