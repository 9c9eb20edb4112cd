import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@studio/contract/constants';

export type AuthMode = 'sign-in' | 'sign-up';

export interface CredentialValues {
  name: string;
  email: string;
  password: string;
}

export type CredentialErrors = Partial<Record<keyof CredentialValues, string>>;

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

// Deliberately loose: one @, something before it, a dot in the domain. The server and the
// confirmation flow are the real check; this only catches typos early.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const credentialMessages = {
  nameRequired: 'Enter your name.',
  emailRequired: 'Enter your email address.',
  emailInvalid: 'Enter a valid email address, like name@example.com.',
  passwordRequired: 'Enter your password.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
} as const;

/** Client-side checks for the email sign-in and sign-up forms; an empty object means valid. */
export function validateCredentials(mode: AuthMode, values: CredentialValues): CredentialErrors {
  const errors: CredentialErrors = {};

  if (mode === 'sign-up' && values.name.trim() === '')
    errors.name = credentialMessages.nameRequired;

  const emailError = validateEmail(values.email);
  if (emailError) errors.email = emailError;

  if (values.password === '') errors.password = credentialMessages.passwordRequired;
  else if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = credentialMessages.passwordTooShort;
  else if (values.password.length > PASSWORD_MAX_LENGTH)
    errors.password = credentialMessages.passwordTooLong;

  return errors;
}

/** The email check of the sign-in, sign-up and forgot-password forms. */
export function validateEmail(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return credentialMessages.emailRequired;
  if (!EMAIL_PATTERN.test(email)) return credentialMessages.emailInvalid;
  return undefined;
}
