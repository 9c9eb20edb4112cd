import { describe, expect, it } from 'vitest';
import {
  validateNewPassword,
  validatePasswordChange,
  validatePasswordReset,
} from './validate-password';

describe('validateNewPassword', () => {
  it('requires 8 to 128 characters', () => {
    expect(validateNewPassword('')).toBe('Enter a new password.');
    expect(validateNewPassword('1234567')).toBe('Password must be at least 8 characters.');
    expect(validateNewPassword('12345678')).toBeUndefined();
    expect(validateNewPassword('x'.repeat(128))).toBeUndefined();
    expect(validateNewPassword('x'.repeat(129))).toBe('Password must be at most 128 characters.');
  });
});

describe('validatePasswordReset', () => {
  it("says 'New passwords do not match' when the confirmation differs", () => {
    expect(
      validatePasswordReset({ newPassword: 'correct horse', confirmPassword: 'correct hors' }),
    ).toEqual({ confirmPassword: 'New passwords do not match' });
  });

  it('asks for the confirmation when it is empty', () => {
    expect(validatePasswordReset({ newPassword: 'correct horse', confirmPassword: '' })).toEqual({
      confirmPassword: 'Confirm your new password.',
    });
  });

  it('accepts a long enough password typed twice', () => {
    expect(
      validatePasswordReset({ newPassword: 'correct horse', confirmPassword: 'correct horse' }),
    ).toEqual({});
  });
});

describe('validatePasswordChange', () => {
  it('requires the current password', () => {
    expect(
      validatePasswordChange({
        currentPassword: '',
        newPassword: 'correct horse',
        confirmPassword: 'correct horse',
      }),
    ).toEqual({ currentPassword: 'Enter your current password.' });
  });

  it('checks the new password length and the match together', () => {
    expect(
      validatePasswordChange({
        currentPassword: 'old password',
        newPassword: 'short',
        confirmPassword: 'shorter',
      }),
    ).toEqual({
      newPassword: 'Password must be at least 8 characters.',
      confirmPassword: 'New passwords do not match',
    });
  });
});
