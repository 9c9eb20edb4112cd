import { nonBlank } from '@/lib/guards';

export interface DisplayNameSources {
  /** Name from the user's profile (`/user/profile-details`). */
  profileName?: string | null | undefined;
  /** Name on the account (the session user's display name). */
  accountName?: string | null | undefined;
  email?: string | null | undefined;
}

/** Spec §2 Header: profile name, else account display name, else email before '@', else 'Guest'. */
export function getDisplayName(
  { profileName, accountName, email }: DisplayNameSources,
  fallback = 'Guest',
): string {
  const fromEmail = nonBlank(email?.split('@')[0]);
  return nonBlank(profileName) ?? nonBlank(accountName) ?? fromEmail ?? fallback;
}

/** The header shows only the first word of the display name. */
export function getFirstName(displayName: string): string {
  return displayName.trim().split(/\s+/)[0] ?? displayName;
}
