import { ANONYMOUS_USER_NAME } from '@studio/contract/constants';
import type { RegisterRequest, SessionUser } from '@studio/contract';
import { nonBlank } from '@/lib/guards';

/**
 * Spec §3 registration payload: name is the display name, else the email's local part, else
 * 'Anonymous User'; email and profile picture default to ''; the timestamp is ISO.
 */
export function buildRegistration(
  user: Pick<SessionUser, 'id' | 'email' | 'name' | 'image'>,
  now: Date,
): Required<RegisterRequest> {
  const email = user.email.trim();
  return {
    userId: user.id,
    emailId: email,
    name: nonBlank(user.name) ?? nonBlank(email.split('@')[0]) ?? ANONYMOUS_USER_NAME,
    profileUrl: user.image ?? '',
    timestamp: now.toISOString(),
  };
}
