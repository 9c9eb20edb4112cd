import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@studio/contract/constants';

export const passwordMessages = {
  currentRequired: 'Enter your current password.',
  newRequired: 'Enter a new password.',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  confirmRequired: 'Confirm your new password.',
  /** Spec §5 Password change. */
  mismatch: 'New passwords do not match',
} as const;

/** Length rules for a password being chosen (the server enforces the same bounds). */
export function validateNewPassword(password: string): string | undefined {
  if (password === '') return passwordMessages.newRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  return undefined;
}

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

export type NewPasswordErrors = Partial<Record<keyof NewPasswordValues, string>>;

/** The reset-password form: a valid new password, typed twice alike. */
export function validatePasswordReset(values: NewPasswordValues): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const newError = validateNewPassword(values.newPassword);
  if (newError) errors.newPassword = newError;
  if (values.confirmPassword === '') errors.confirmPassword = passwordMessages.confirmRequired;
  else if (values.confirmPassword !== values.newPassword)
    errors.confirmPassword = passwordMessages.mismatch;
  return errors;
}

export interface PasswordChangeValues extends NewPasswordValues {
  currentPassword: string;
}

export type PasswordChangeErrors = Partial<Record<keyof PasswordChangeValues, string>>;

/** Settings' Change Password form: the current password, and a new one typed twice alike. */
export function validatePasswordChange(values: PasswordChangeValues): PasswordChangeErrors {
  const errors: PasswordChangeErrors = validatePasswordReset(values);
  if (values.currentPassword === '') errors.currentPassword = passwordMessages.currentRequired;
  return errors;
}
