import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMutation } from '@/lib/use-mutation';
import type { UserProfile } from '@studio/contract';
import { profileResponseSchema, updateProfileResponseSchema } from '@studio/contract/responses';
import { useCurrentUser, sessionQueryKey } from '@/features/auth';
import { api, ApiError } from '@/lib/api-client';
import { getMissingFields, profileQueryKey, type ProfileState } from './profile-details';

export interface ProfileUpdate {
  name?: string;
  companyName?: string;
  phoneNumber?: string;
  /** For receipts (ADR 051). */
  gstin?: string;
  gstState?: string;
}

/** Shows the saved profile at once, then reloads it (and its missing-field flags) from the server. */
export async function storeProfile(
  queryClient: QueryClient,
  userId: string,
  profile: UserProfile,
): Promise<void> {
  queryClient.setQueryData<ProfileState>(profileQueryKey(userId), {
    profile,
    missingFields: getMissingFields(profile),
  });
  await queryClient.invalidateQueries({ queryKey: profileQueryKey(userId) });
}

function notSignedIn(): ApiError {
  return new ApiError({ status: 401, code: 'unauthorized', message: 'User not authenticated' });
}

/** `PUT /user/profile` with only the fields that changed (spec §4 Profile edit, §5). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return useMutation({
    mutationFn: async (changes: ProfileUpdate) => {
      if (!user) throw notSignedIn();
      const profile = await api.put(
        '/user/profile',
        { userId: user.id, ...changes },
        { parse: (data) => updateProfileResponseSchema.parse(data).data },
      );
      await storeProfile(queryClient, user.id, profile);
      return profile;
    },
  });
}

/** `PUT /user/name` (Settings: Change Name); the account's display name follows. */
export function useChangeName() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return useMutation({
    mutationFn: async (name: string) => {
      if (!user) throw notSignedIn();
      const profile = await api.put(
        '/user/name',
        { name },
        { parse: (data) => profileResponseSchema.parse(data).data },
      );
      await storeProfile(queryClient, user.id, profile);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      return profile;
    },
  });
}
