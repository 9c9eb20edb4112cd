import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMutation } from '@/lib/use-mutation';
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
async function confirmSession(queryClient: QueryClient, notKept: string): Promise<void> {
  // An email sign-in is never followed by the Google-only profile prompt.
  forgetSignInMethod();
  const session = await queryClient.query({ ...sessionQueryOptions, staleTime: 0 });
  if (!session.user) {
    throw new ApiError({ status: 200, code: 'session_not_established', message: notKept });
  }
}

const SIGN_IN_NOT_KEPT =
  'You were signed in, but the browser did not keep the session. Allow cookies for this site and try again.';
/**
 * The server answers a sign-up for an email that already has an account exactly like a new one,
 * without a session (and mails the owner), so nobody learns which emails have accounts: this
 * screen cannot tell that case from blocked cookies, and says both.
 */
const SIGN_UP_NOT_SIGNED_IN =
  'If this email already has an account, sign in or reset your password instead: we have sent it a note. Otherwise, allow cookies for this site and try again.';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      await authApi.post(
        '/sign-in/email',
        { email: input.email, password: input.password },
        { parse: ignoreBody },
      );
      await confirmSession(queryClient, SIGN_IN_NOT_KEPT);
    },
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      await authApi.post('/sign-up/email', input, { parse: ignoreBody });
      await confirmSession(queryClient, SIGN_UP_NOT_SIGNED_IN);
    },
  });
}
