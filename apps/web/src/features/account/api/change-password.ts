import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isRecord, isString } from '@/lib/guards';

export function parseMessage(data: unknown): string {
  if (!isRecord(data) || data.success !== true) throw new Error('Invalid response');
  return isString(data.message) ? data.message : '';
}

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
      api.post('/user/password', input, { parse: parseMessage }),
  });
}
