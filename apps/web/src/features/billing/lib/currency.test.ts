import { describe, expect, it } from 'vitest';
import { detectCurrency } from './currency';

describe('detectCurrency', () => {
  it.each([['Asia/Kolkata'], ['Asia/Calcutta']])('shows INR in %s', (timeZone) => {
    expect(detectCurrency(timeZone)).toBe('INR');
  });

  it.each([['Europe/London'], ['America/New_York'], ['Asia/Dubai'], ['UTC']])(
    'shows USD in %s',
    (timeZone) => {
      expect(detectCurrency(timeZone)).toBe('USD');
    },
  );
});
