import { describe, expect, it } from 'vitest';
import { registrationName } from './users.service';

describe('registration name (spec §3)', () => {
  it('uses the display name when there is one', () => {
    expect(registrationName('  Meera Iyer ', 'meera@example.com')).toBe('Meera Iyer');
  });
  it('falls back to the part of the email before @', () => {
    expect(registrationName(undefined, 'meera.iyer@example.com')).toBe('meera.iyer');
    expect(registrationName('   ', 'meera.iyer@example.com')).toBe('meera.iyer');
  });
  it("falls back to 'Anonymous User' without a name or email", () => {
    expect(registrationName(undefined, '')).toBe('Anonymous User');
    expect(registrationName('', '@example.com')).toBe('Anonymous User');
  });
});
