import { queryOptions, skipToken } from '@tanstack/react-query';
import type { MissingFields, UserProfile } from '@studio/contract';
import { DEFAULT_ACCOUNT_TYPE } from '@studio/contract/constants';
import { api } from '@/lib/api-client';
import { isFiniteNumber, isRecord, isString } from '@/lib/guards';

/** The signed-in user's profile and which optional fields are still empty. */
export interface ProfileState {
  profile: UserProfile;
  missingFields: MissingFields;
}

const text = (value: unknown): string => (isString(value) ? value : '');

/**
 * Reads a UserProfile (contract `userProfileSchema`) with the browser's small guards. Only the
 * id is required; a missing optional text reads as '' so one odd field never hides the page.
 */
export function parseUserProfile(value: unknown): UserProfile {
  if (!isRecord(value) || !isString(value.uid) || value.uid === '') {
    throw new Error('Invalid user profile');
  }
  return {
    uid: value.uid,
    name: text(value.name),
    emailId: text(value.emailId),
    companyName: text(value.companyName),
    phoneNumber: text(value.phoneNumber),
    profileUrl: text(value.profileUrl),
    credits: isFiniteNumber(value.credits) ? Math.max(0, value.credits) : 0,
    registrationDate: text(value.registrationDate),
    lastSignIn: isString(value.lastSignIn) ? value.lastSignIn : null,
    accountType: text(value.accountType).trim() || DEFAULT_ACCOUNT_TYPE,
  };
}

/** Company and phone count as missing when empty or only spaces (spec §3 missing-field flags). */
export function getMissingFields(profile: Pick<UserProfile, 'companyName' | 'phoneNumber'>) {
  return {
    companyName: profile.companyName.trim() === '',
    phoneNumber: profile.phoneNumber.trim() === '',
  } satisfies MissingFields;
}

/** `{ success, data, missingFields }` from `POST /user/profile-details`. */
export function parseProfileDetails(data: unknown): ProfileState {
  if (!isRecord(data) || data.success !== true) throw new Error('Invalid profile response');
  const profile = parseUserProfile(data.data);
  const missing = data.missingFields;
  const missingFields =
    isRecord(missing) &&
    typeof missing.companyName === 'boolean' &&
    typeof missing.phoneNumber === 'boolean'
      ? { companyName: missing.companyName, phoneNumber: missing.phoneNumber }
      : getMissingFields(profile);
  return { profile, missingFields };
}

/** `{ success, data: UserProfile }` answers (profile update, name change, registration). */
export function parseProfileData(data: unknown): UserProfile {
  if (!isRecord(data) || data.success !== true) throw new Error('Invalid profile response');
  return parseUserProfile(data.data);
}

export const profileQueryKey = (userId: string) => ['account', 'profile', userId] as const;

/** The profile of `userId`; `enabled` false (skipToken) until registration has succeeded. */
export const profileDetailsQueryOptions = (userId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: profileQueryKey(userId ?? ''),
    queryFn:
      userId !== null && enabled
        ? ({ signal }) =>
            api.post('/user/profile-details', { userId }, { parse: parseProfileDetails, signal })
        : skipToken,
  });
