import { queryOptions, skipToken } from '@tanstack/react-query';
import type { SessionUser } from '@studio/contract';
import { registerResponseSchema } from '@studio/contract/responses';
import { api } from '@/lib/api-client';
import { buildRegistration } from '../lib/registration';

export const registrationQueryKey = (userId: string) =>
  ['account', 'registration', userId] as const;

/**
 * `POST /user/register` for the signed-in user, once per user per page load (spec §4: signed in →
 * register, then load the profile). Idempotent on the server; a failure is logged and the
 * profile load is skipped.
 */
export const registrationQueryOptions = (user: SessionUser | null) =>
  queryOptions({
    queryKey: registrationQueryKey(user?.id ?? ''),
    queryFn: user
      ? async ({ signal }) => {
          try {
            return await api.post('/user/register', buildRegistration(user, new Date()), {
              parse: (data) => registerResponseSchema.parse(data).data,
              signal,
            });
          } catch (error) {
            if (!signal.aborted)
              console.error('Registering the user with the backend failed', error);
            throw error;
          }
        }
      : skipToken,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
