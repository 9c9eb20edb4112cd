import { describe, expect, it } from 'vitest';
import { credentialMessages, validateCredentials } from './validate-credentials';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'correct horse' };

describe('validateCredentials', () => {
  it('accepts valid sign-in and sign-up values', () => {
    expect(validateCredentials('sign-in', { ...valid, name: '' })).toEqual({});
    expect(validateCredentials('sign-up', valid)).toEqual({});
  });

  it('requires a name only when creating an account', () => {
    expect(validateCredentials('sign-up', { ...valid, name: '   ' })).toEqual({
      name: credentialMessages.nameRequired,
    });
    expect(validateCredentials('sign-in', { ...valid, name: '' }).name).toBeUndefined();
  });

  it.each(['ada', 'ada@', 'ada@example', '@example.com', 'ada @example.com'])(
    'rejects the email %s',
    (email) => {
      expect(validateCredentials('sign-in', { ...valid, email }).email).toBe(
        credentialMessages.emailInvalid,
      );
    },
  );

  it('asks for a missing email and password', () => {
    expect(validateCredentials('sign-in', { name: '', email: ' ', password: '' })).toEqual({
      email: credentialMessages.emailRequired,
      password: credentialMessages.passwordRequired,
    });
  });

  it('needs a password of at least 8 characters', () => {
    expect(validateCredentials('sign-up', { ...valid, password: 'seven77' }).password).toBe(
      'Password must be at least 8 characters.',
    );
    expect(
      validateCredentials('sign-up', { ...valid, password: 'eight888' }).password,
    ).toBeUndefined();
  });

  it('refuses passwords longer than the server accepts', () => {
    expect(validateCredentials('sign-up', { ...valid, password: 'x'.repeat(129) }).password).toBe(
      credentialMessages.passwordTooLong,
    );
  });
});
