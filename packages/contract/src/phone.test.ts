import { describe, expect, it } from 'vitest';
import { phoneNumberError, PHONE_NUMBER_MESSAGE, toE164 } from './phone';

describe('toE164', () => {
  it.each([
    ['+91 98765 43210', '+919876543210'],
    ['+1 (415) 555-2671', '+14155552671'],
    ['  +44 20 7946 0958 ', '+442079460958'],
    ['919876543210', '+919876543210'],
  ])('reads %s as %s', (input, e164) => {
    expect(toE164(input)).toBe(e164);
  });

  it.each(['12ab', '', '+', '12345', '+91 98765', '+91 98765 43210 ext 4', '0987654321'])(
    'refuses %j',
    (input) => {
      expect(toE164(input)).toBeNull();
    },
  );
});

describe('phoneNumberError', () => {
  it('accepts a blank field (the phone is optional) and a valid number', () => {
    expect(phoneNumberError('  ')).toBeUndefined();
    expect(phoneNumberError('+91 98765 43210')).toBeUndefined();
  });

  it('explains what is wanted otherwise', () => {
    expect(phoneNumberError('12ab')).toBe(PHONE_NUMBER_MESSAGE);
  });
});
