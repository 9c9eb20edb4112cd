import { EARLIEST_INSTANT, INSTANT_MESSAGE, LATEST_INSTANT } from '@studio/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { BAD_CURSOR_MESSAGE } from './credit-history.service';

/*
 * Issue 29 (4): `from=0000-01-01T00:00:00Z` on a credit history reached PostgreSQL, which has no
 * year 0, and came back as a 500; so did an instant past 9999 in UTC. Every date a request takes is
 * the contract's `instantSchema` (ADR 036, addendum 2026-11-27): out of range is a 400 that says
 * the range.
 */

let t: TestApp;
let who: { cookie: string; id: string };

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  const { cookie } = await signUp(t.app);
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
  who = { cookie, id: res.json<{ user: { id: string } }>().user.id };
  await t.database.pool.query(
    `INSERT INTO generations (id, user_id, type, status, prompt, credits, created_at)
     VALUES ($1, $2, 'upscaler', 'succeeded', '', 2, '2026-06-01T12:00:00Z')`,
    [`gen_dates_${who.id.slice(0, 8)}`, who.id],
  );
});

const HISTORIES = ['order-history', 'generation-history'] as const;
type History = (typeof HISTORIES)[number];

function history(list: History, query: Record<string, string>) {
  // URLSearchParams writes '+' as %2B: a bare '+' in a query string is a space.
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/credit-transactions/${list}/${who.id}?${new URLSearchParams(query).toString()}`,
    headers: { cookie: who.cookie },
  });
}

const OUT_OF_RANGE: [string, string][] = [
  ['year 0000', '0000-01-01T00:00:00Z'],
  ['year 0 in UTC, written as year 1', '0001-01-01T00:00:00+05:30'],
  ['year 10000, expanded', '+010000-01-01T00:00:00Z'],
  ['year 10000, five digits', '10000-01-01T00:00:00Z'],
  ['year 10000 in UTC, written as 9999', '9999-12-31T23:00:00-05:00'],
  ['before 1970', '1969-12-31T23:59:59.999Z'],
];

describe('dates on the credit histories', () => {
  const cases = HISTORIES.flatMap((list) =>
    ['from', 'to'].flatMap((key) =>
      OUT_OF_RANGE.map(([what, value]) => [list, key, what, value] as const),
    ),
  );

  it.each(cases)('%s refuses %s at %s with 400', async (list, key, _what, value) => {
    const res = await history(list, { [key]: value });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: {
        code: 'validation_failed',
        message: 'The request is not valid.',
        details: [{ path: key, message: INSTANT_MESSAGE }],
      },
    });
  });

  it.each(HISTORIES)('%s still takes a normal date, and the bounds themselves', async (list) => {
    const normal = await history(list, {
      from: '2026-05-01T00:00:00+05:30',
      to: '2026-07-01T00:00:00Z',
    });
    expect(normal.statusCode, normal.body).toBe(200);
    const widest = await history(list, { from: EARLIEST_INSTANT, to: LATEST_INSTANT });
    expect(widest.statusCode, widest.body).toBe(200);
  });

  it('still narrows the generation history to the dates given', async () => {
    const ids = async (query: Record<string, string>) => {
      const res = await history('generation-history', query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ generation_history: { id: string }[] }>().generation_history.length;
    };
    expect(await ids({ from: '2026-05-01T00:00:00Z', to: '2026-07-01T00:00:00Z' })).toBe(1);
    expect(await ids({ from: EARLIEST_INSTANT, to: LATEST_INSTANT })).toBe(1);
    expect(await ids({ from: '2026-06-02T00:00:00Z' })).toBe(0);
  });

  it.each(
    HISTORIES.flatMap((list) =>
      [
        '0000-01-01T00:00:00.000000Z',
        '2026-02-30T00:00:00.000000Z',
        '1969-12-31T23:59:59.999999Z',
      ].map((at) => [list, at] as const),
    ),
  )('%s refuses a forged cursor at %s as one it did not give', async (list, at) => {
    const row = list === 'order-history' ? 'o' : 'g';
    const id = row === 'o' ? '00000000-0000-4000-8000-000000000000' : 'gen_1';
    const cursor = Buffer.from(JSON.stringify([row, at, id])).toString('base64url');
    const res = await history(list, { cursor });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'bad_request', message: BAD_CURSOR_MESSAGE },
    });
  });
});
