import { describe, expect, it } from 'vitest';
import { isFirstSession } from './first-session';

const registrationDate = '2026-11-24T10:00:00.000Z';

describe('isFirstSession', () => {
  it('is true for the session the account was created in', () => {
    expect(isFirstSession({ registrationDate, lastSignIn: '2026-11-24T10:00:01.000Z' })).toBe(true);
    expect(isFirstSession({ registrationDate, lastSignIn: null })).toBe(true);
  });

  it('is false once the user has signed in again later', () => {
    expect(isFirstSession({ registrationDate, lastSignIn: '2026-11-25T08:00:00.000Z' })).toBe(
      false,
    );
  });

  it('is unknown while the profile is missing or its dates are unreadable', () => {
    expect(isFirstSession(null)).toBeNull();
    expect(isFirstSession({ registrationDate: '', lastSignIn: null })).toBeNull();
    expect(isFirstSession({ registrationDate, lastSignIn: 'soon' })).toBeNull();
  });
});
