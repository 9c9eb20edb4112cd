export type AuthMode = 'sign-in' | 'sign-up';

export interface CredentialValues {
  name: string;
  email: string;
  password: string;
}

export type CredentialErrors = Partial<Record<keyof CredentialValues, string>>;

export const PASSWORD_MIN_LENGTH = 8;
/** Better Auth's default upper bound; longer input would only be rejected by the server. */
export const PASSWORD_MAX_LENGTH = 128;

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

  const email = values.email.trim();
  if (email === '') errors.email = credentialMessages.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = credentialMessages.emailInvalid;

  if (values.password === '') errors.password = credentialMessages.passwordRequired;
  else if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = credentialMessages.passwordTooShort;
  else if (values.password.length > PASSWORD_MAX_LENGTH)
    errors.password = credentialMessages.passwordTooLong;

  return errors;
}
