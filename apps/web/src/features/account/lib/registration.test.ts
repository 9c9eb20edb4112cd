import { describe, expect, it } from 'vitest';
import { buildRegistration } from './registration';

const now = new Date('2026-01-10T12:00:00.000Z');

describe('buildRegistration', () => {
  it('sends the account name, email, picture and an ISO timestamp', () => {
    expect(
      buildRegistration(
        { id: 'u1', email: 'ada@example.com', name: 'Ada Lovelace', image: 'https://x/a.png' },
        now,
      ),
    ).toEqual({
      userId: 'u1',
      emailId: 'ada@example.com',
      name: 'Ada Lovelace',
      profileUrl: 'https://x/a.png',
      timestamp: '2026-01-10T12:00:00.000Z',
    });
  });

  it('falls back to the email local part, then to Anonymous User', () => {
    expect(
      buildRegistration({ id: 'u1', email: 'ada.l@example.com', name: ' ', image: null }, now),
    ).toMatchObject({ name: 'ada.l', profileUrl: '' });
    expect(buildRegistration({ id: 'u1', email: '', name: '', image: null }, now)).toMatchObject({
      name: 'Anonymous User',
      emailId: '',
    });
  });
});
