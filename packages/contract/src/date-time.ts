/*
 * Instants a request may name (ADR 036, addendum 2026-11-27). A date-time reaches PostgreSQL as
 * `Date#toISOString()`: year 0 (`0000-01-01T00:00:00Z`, or `0001-01-01T00:00:00+05:30`, which is
 * year 0 in UTC) is an ISO 8601 year PostgreSQL refuses, and from year 10000 on (reachable as
 * `9999-12-31T23:00:00-05:00`) JavaScript writes `+010000-…`, which it cannot parse: both were
 * 500s. So the bound is on the instant, offset applied, not on the digits as written.
 *
 * The range is 1970 to 9999 rather than everything PostgreSQL could store: nothing this service
 * keeps (accounts, orders, generations, credits) predates the Unix epoch, so an earlier instant
 * cannot match anything and refusing it loses nothing, while it keeps far-past corner cases
 * (calendar reforms, BC years) out of the queries. 9999 is the last year both sides write with
 * four digits.
 *
 * The schema that applies the bound is `instantSchema` in billing.ts, beside the one query that takes
 * instants: this file stays free of zod because the web reads its constants.
 */

export const EARLIEST_INSTANT = '1970-01-01T00:00:00.000Z';
export const LATEST_INSTANT = '9999-12-31T23:59:59.999Z';

/** What a caller sees for a date-time that is malformed or out of range: one message for both. */
export const INSTANT_MESSAGE = `must be an ISO 8601 date-time with an offset (e.g. 2026-12-31T23:59:00Z) from ${EARLIEST_INSTANT} to ${LATEST_INSTANT}`;

const earliest = Date.parse(EARLIEST_INSTANT);
const latest = Date.parse(LATEST_INSTANT);

/** Whether `value` (an ISO 8601 date-time) names an instant in the range above. */
export function isInstantInRange(value: string): boolean {
  const time = Date.parse(value);
  // NaN (unparseable) fails both comparisons.
  return time >= earliest && time <= latest;
}
