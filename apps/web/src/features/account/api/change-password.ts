import { useMutation } from '@/lib/use-mutation';
import { messageResponseSchema } from '@studio/contract/responses';
import { api } from '@/lib/api-client';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/**
 * `POST /user/password`. A wrong current password answers 400 `invalid_password`, an account
 * without a password (Google only) 400 `no_password`; on success every other session ends.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChange) =>
      api.post('/user/password', input, {
        parse: (data) => messageResponseSchema.parse(data).message,
      }),
  });
}
