import { describe, expect, it } from 'vitest';
import { getDisplayName, getFirstName } from './display-name';

describe('getDisplayName', () => {
  it('prefers the profile name', () => {
    expect(
      getDisplayName({
        profileName: 'Grace Hopper',
        accountName: 'Ada Lovelace',
        email: 'ada@example.com',
      }),
    ).toBe('Grace Hopper');
  });

  it('falls back to the account display name', () => {
    expect(
      getDisplayName({ profileName: null, accountName: 'Ada Lovelace', email: 'ada@example.com' }),
    ).toBe('Ada Lovelace');
  });

  it('falls back to the part of the email before @', () => {
    expect(getDisplayName({ profileName: '', accountName: '  ', email: 'ada.l@example.com' })).toBe(
      'ada.l',
    );
  });

  it("falls back to 'Guest' when nothing is known", () => {
    expect(getDisplayName({})).toBe('Guest');
    expect(getDisplayName({ email: '@example.com' })).toBe('Guest');
  });

  it('treats blank names as missing and trims the one it uses', () => {
    expect(getDisplayName({ profileName: '   ', accountName: '  Ada Lovelace ' })).toBe(
      'Ada Lovelace',
    );
  });

  it('lets a screen choose its own last resort', () => {
    expect(getDisplayName({}, 'User')).toBe('User');
  });
});

describe('getFirstName', () => {
  it('returns the first word for the header', () => {
    expect(getFirstName('Ada King Lovelace')).toBe('Ada');
    expect(getFirstName('  Ada   Lovelace')).toBe('Ada');
    expect(getFirstName('ada.l')).toBe('ada.l');
  });
});
