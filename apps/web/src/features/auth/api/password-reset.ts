import { useMutation } from '@/lib/use-mutation';
import { paths } from '@/config/paths';
import { authApi, ignoreBody } from '@/lib/api-client';

/**
 * Better Auth's `request-password-reset`: always 200, known email or not, so the answer never
 * tells anyone which emails have accounts. The emailed link lands on /reset-password?token=….
 */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      authApi.post(
        '/request-password-reset',
        { email, redirectTo: paths.resetPassword.path },
        { parse: ignoreBody },
      ),
  });
}

/** Better Auth's `reset-password`; an expired or used token answers 400 `INVALID_TOKEN`. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      authApi.post('/reset-password', input, { parse: ignoreBody }),
  });
}
