import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '@/features/auth';
import { profileDetailsQueryOptions } from '../api/profile-details';
import { registrationQueryOptions } from '../api/register';

/**
 * The signed-in user's profile (spec §4 Auth): registers the user with the backend first, then
 * loads the profile. `profile` is null while loading, when signed out and when either call
 * failed; `isError` says which of the last two it is, `retry` starts over where it failed.
 */
export function useProfile() {
  const user = useCurrentUser();
  const registration = useQuery(registrationQueryOptions(user));
  const details = useQuery(profileDetailsQueryOptions(user?.id ?? null, registration.isSuccess));

  const isError = registration.isError || details.isError;
  return {
    user,
    profile: details.data?.profile ?? null,
    missingFields: details.data?.missingFields ?? null,
    isLoading: user !== null && !isError && details.data === undefined,
    isError,
    error: registration.error ?? details.error,
    isRetrying: registration.isFetching || details.isFetching,
    retry: () => {
      void (registration.isError ? registration.refetch() : details.refetch());
    },
  };
}
