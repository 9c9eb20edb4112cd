import { queryOptions, skipToken } from '@tanstack/react-query';
import type { MissingFields, UserProfile } from '@studio/contract';
import { profileDetailsResponseSchema } from '@studio/contract/responses';
import { api } from '@/lib/api-client';

/** The signed-in user's profile and which optional fields are still empty. */
export interface ProfileState {
  profile: UserProfile;
  missingFields: MissingFields;
}

/** Company and phone count as missing when empty or only spaces (spec §3 missing-field flags). */
export function getMissingFields(profile: Pick<UserProfile, 'companyName' | 'phoneNumber'>) {
  return {
    companyName: profile.companyName.trim() === '',
    phoneNumber: profile.phoneNumber.trim() === '',
  } satisfies MissingFields;
}

function readProfileDetails(data: unknown): ProfileState {
  const { data: profile, missingFields } = profileDetailsResponseSchema.parse(data);
  return { profile, missingFields };
}

export const profileQueryKey = (userId: string) => ['account', 'profile', userId] as const;

/** The profile of `userId`; `enabled` false (skipToken) until registration has succeeded. */
export const profileDetailsQueryOptions = (userId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: profileQueryKey(userId ?? ''),
    queryFn:
      userId !== null && enabled
        ? ({ signal }) =>
            api.post('/user/profile-details', { userId }, { parse: readProfileDetails, signal })
        : skipToken,
  });
