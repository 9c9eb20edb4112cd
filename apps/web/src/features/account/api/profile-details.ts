import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isRecord, nonBlank } from '@/lib/guards';

/** The part of the profile the shell needs; the profile screen will extend it. */
export interface ProfileDetails {
  name: string | null;
  companyName: string | null;
  phoneNumber: string | null;
}

/**
 * Accepts the profile either bare or wrapped as `{ success, data }`: the spec never showed the
 * server's answer and the contract has no schema for it yet (see the report's open questions).
 */
export function parseProfileDetails(data: unknown): ProfileDetails {
  const body = isRecord(data) && isRecord(data.data) ? data.data : data;
  if (!isRecord(body)) throw new Error('Invalid profile response');
  return {
    name: nonBlank(body.name),
    companyName: nonBlank(body.companyName),
    phoneNumber: nonBlank(body.phoneNumber),
  };
}

export const profileDetailsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['account', 'profile-details', userId],
    queryFn: ({ signal }) =>
      api.post('/user/profile-details', { userId }, { parse: parseProfileDetails, signal }),
  });

/** The signed-in user's profile; a failed load counts as "no profile" (spec §4). */
export function useProfileDetails(userId: string | null) {
  return useQuery({
    ...profileDetailsQueryOptions(userId ?? ''),
    enabled: userId !== null,
  });
}
