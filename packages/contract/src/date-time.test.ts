import { describe, expect, it } from 'vitest';
import {
  EARLIEST_INSTANT,
  INSTANT_MESSAGE,
  LATEST_INSTANT,
  creditHistoryQuerySchema,
  instantSchema,
} from './index';

describe('instantSchema', () => {
  it.each([
    '2026-11-27T10:00:00Z',
    '2026-11-27T15:30:00.123456+05:30',
    EARLIEST_INSTANT,
    LATEST_INSTANT,
    // Written in 1969 but 1970 in UTC: the instant counts, not the digits.
    '1969-12-31T19:00:00-05:00',
  ])('takes %s', (value) => {
    expect(instantSchema.parse(value)).toBe(value);
  });

  it.each([
    ['year 0', '0000-01-01T00:00:00Z'],
    ['year 0 in UTC, written as year 1', '0001-01-01T00:00:00+05:30'],
    ['before the epoch', '1969-12-31T23:59:59.999Z'],
    ['year 10000, expanded', '+010000-01-01T00:00:00Z'],
    ['year 10000, five digits', '10000-01-01T00:00:00Z'],
    ['year 10000 in UTC, written as 9999', '9999-12-31T23:00:00-05:00'],
    ['a day that does not exist', '2026-02-30T00:00:00Z'],
    ['no offset', '2026-11-27T10:00:00'],
    ['not a date', 'yesterday'],
  ])('refuses %s with the one message', (_what, value) => {
    const result = instantSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([INSTANT_MESSAGE]);
  });

  it("bounds the credit histories' from and to", () => {
    for (const key of ['from', 'to']) {
      const result = creditHistoryQuerySchema.safeParse({ [key]: '0000-01-01T00:00:00Z' });
      expect(result.error?.issues).toMatchObject([{ path: [key], message: INSTANT_MESSAGE }]);
    }
  });
});
