import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, authApi, ignoreBody } from '@/lib/api-client';
import { forgetSignInMethod } from '../lib/sign-in-method';
import { sessionQueryOptions } from './session';

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput extends SignInInput {
  name: string;
}

/**
 * After Better Auth sets the cookie, read the session back: that refreshes every observer (the
 * /login guard then redirects) and proves the browser kept the cookie.
 */
async function confirmSession(queryClient: QueryClient): Promise<void> {
  // An email sign-in is never followed by the Google-only profile prompt.
  forgetSignInMethod();
  const session = await queryClient.query({ ...sessionQueryOptions, staleTime: 0 });
  if (!session.user) {
    throw new ApiError({
      status: 200,
      code: 'session_not_established',
      message:
        'You were signed in, but the browser did not keep the session. Allow cookies for this site and try again.',
    });
  }
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      await authApi.post(
        '/sign-in/email',
        { email: input.email, password: input.password },
        { parse: ignoreBody },
      );
      await confirmSession(queryClient);
    },
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      await authApi.post('/sign-up/email', input, { parse: ignoreBody });
      await confirmSession(queryClient);
    },
  });
}
