import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client';
import { testDatabaseUrl } from '../../../test/harness';
import * as credits from './credits.service';

// Real PostgreSQL with a pool wide enough that the database really runs these in parallel.
let database: Database;
beforeAll(async () => {
  database = createDatabase(await testDatabaseUrl(), { max: 40 });
});
afterAll(async () => {
  await database.close();
});

const day = 24 * 60 * 60 * 1000;
const newUser = () => `user_${randomUUID()}`;

async function topUp(userId: string, amount: number, expiresAt: Date | null = null, now?: Date) {
  return credits.grant(database.db, {
    userId,
    amount,
    key: `test-topup:${randomUUID()}`,
    kind: 'purchase',
    source: expiresAt ? 'plan' : 'topup',
    expiresAt,
    ...(now ? { now } : {}),
  });
}

async function entriesSum(userId: string): Promise<number> {
  const entries = await credits.listEntries(database.db, userId);
  return entries.reduce((sum, e) => sum + e.amount, 0);
}

describe('credit ledger under concurrency', () => {
  it('lets exactly 20 of 100 concurrent spends of 5 through on a balance of 100', async () => {
    const userId = newUser();
    await topUp(userId, 100);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        credits.reserve(database.db, { userId, reservationId: randomUUID(), amount: 5 }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(20);
    for (const r of refused) {
      expect(r.reason).toMatchObject({ statusCode: 402, code: 'insufficient_credits' });
    }
    expect(await credits.balanceOf(database.db, userId)).toBe(0);
    expect(await entriesSum(userId)).toBe(0);
    expect(await credits.findBalanceMismatches(database.db)).toEqual([]);
  });

  it('writes one entry when the same idempotency key arrives 50 times at once', async () => {
    const userId = newUser();
    const key = `order:${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        credits.grant(database.db, {
          userId,
          amount: 40,
          key,
          kind: 'purchase',
          source: 'topup',
          expiresAt: null,
        }),
      ),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const entries = await credits.listEntries(database.db, userId);
    expect(entries.filter((e) => e.idempotencyKey === key)).toHaveLength(1);
    expect(await credits.balanceOf(database.db, userId)).toBe(40);
  });

  it('holds one reservation per piece of work even when asked 30 times at once', async () => {
    const userId = newUser();
    await topUp(userId, 50);
    const reservationId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        credits.reserve(database.db, { userId, reservationId, amount: 7 }),
      ),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(await credits.balanceOf(database.db, userId)).toBe(43);
  });

  it('releases a reservation once when 20 releases race', async () => {
    const userId = newUser();
    await topUp(userId, 30);
    const reservationId = randomUUID();
    await credits.reserve(database.db, { userId, reservationId, amount: 10 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => credits.release(database.db, reservationId)),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    const entries = await credits.listEntries(database.db, userId);
    expect(entries.filter((e) => e.kind === 'release')).toHaveLength(1);
    expect(await credits.balanceOf(database.db, userId)).toBe(30);
    expect(await entriesSum(userId)).toBe(30);
  });

  it('settles a reservation exactly once when captures and releases race', async () => {
    const userId = newUser();
    await topUp(userId, 30);
    const reservationId = randomUUID();
    await credits.reserve(database.db, { userId, reservationId, amount: 10 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? credits.capture(database.db, reservationId)
          : credits.release(database.db, reservationId),
      ),
    );
    const winners = results.filter((r) => r.changed);
    expect(winners).toHaveLength(1);
    const expected = winners[0]?.status === 'captured' ? 20 : 30;
    expect(await credits.balanceOf(database.db, userId)).toBe(expected);
    const settled = (await credits.listEntries(database.db, userId)).filter(
      (e) => e.kind === 'capture' || e.kind === 'release',
    );
    expect(settled).toHaveLength(1);
  });

  it('keeps balance equal to entries and lots after a mixed concurrent workload', async () => {
    const userId = newUser();
    await topUp(userId, 60);
    const ids = Array.from({ length: 15 }, () => randomUUID());
    await Promise.allSettled(
      ids.map((reservationId) =>
        credits.reserve(database.db, { userId, reservationId, amount: 3 }),
      ),
    );
    await Promise.allSettled(
      ids.flatMap((id, i) => [
        i % 3 === 0 ? credits.release(database.db, id) : credits.capture(database.db, id),
        topUp(userId, 1),
      ]),
    );
    // 15 reserved × 3, five of them released, plus 15 top-ups of 1.
    expect(await credits.balanceOf(database.db, userId)).toBe(60 - 45 + 15 + 15);
    expect(await credits.findBalanceMismatches(database.db)).toEqual([]);
  });
});

describe('credit lots and expiry', () => {
  it('spends the soonest-expiring credits first and keeps top-ups for last', async () => {
    const userId = newUser();
    const now = new Date('2026-01-01T00:00:00Z');
    await topUp(userId, 10, null, now); // top-up: never expires
    await topUp(userId, 10, new Date(now.getTime() + 20 * day), now); // later plan cycle
    await topUp(userId, 10, new Date(now.getTime() + 5 * day), now); // soonest
    await credits.reserve(database.db, { userId, reservationId: randomUUID(), amount: 12, now });
    // 10 from the soonest lot, 2 from the later one: after 21 days only the top-up is left.
    await credits.expireDue(database.db, new Date(now.getTime() + 21 * day));
    expect(await credits.balanceOf(database.db, userId)).toBe(10);
    const expired = (await credits.listEntries(database.db, userId)).filter(
      (e) => e.kind === 'expire',
    );
    expect(expired.map((e) => e.amount)).toEqual([-8]);
  });

  it('expires credits released back into a lot that lapsed while they were held', async () => {
    const userId = newUser();
    const now = new Date('2026-02-01T00:00:00Z');
    await topUp(userId, 10, new Date(now.getTime() + 1 * day), now);
    const reservationId = randomUUID();
    await credits.reserve(database.db, { userId, reservationId, amount: 4, now });
    const later = new Date(now.getTime() + 2 * day);
    await credits.expireDue(database.db, later);
    expect(await credits.balanceOf(database.db, userId)).toBe(0);
    const released = await credits.release(database.db, reservationId, later);
    expect(released.changed).toBe(true);
    expect(await credits.balanceOf(database.db, userId)).toBe(0);
    expect(await entriesSum(userId)).toBe(0);
  });

  it('refuses to spend lapsed credits that the sweep has not reached yet', async () => {
    const userId = newUser();
    const now = new Date('2026-03-01T00:00:00Z');
    await topUp(userId, 10, new Date(now.getTime() + day), now);
    await expect(
      credits.reserve(database.db, {
        userId,
        reservationId: randomUUID(),
        amount: 5,
        now: new Date(now.getTime() + 2 * day),
      }),
    ).rejects.toMatchObject({ code: 'insufficient_credits' });
  });

  it('adjusts with a reason and refuses to take more than the balance', async () => {
    const userId = newUser();
    await topUp(userId, 5);
    await credits.adjust(database.db, { userId, amount: 3, reason: 'goodwill', key: randomUUID() });
    await credits.adjust(database.db, { userId, amount: -6, reason: 'fix', key: randomUUID() });
    expect(await credits.balanceOf(database.db, userId)).toBe(2);
    await expect(
      credits.adjust(database.db, { userId, amount: -3, reason: 'fix', key: randomUUID() }),
    ).rejects.toMatchObject({ code: 'insufficient_credits' });
  });

  it('reports an account whose balance no longer matches its entries', async () => {
    const userId = newUser();
    await topUp(userId, 5);
    await database.pool.query('update credit_accounts set balance = 7 where user_id = $1', [
      userId,
    ]);
    const mismatches = await credits.findBalanceMismatches(database.db);
    expect(mismatches).toContainEqual({ userId, balance: 7, entriesSum: 5, lotsSum: 5 });
    await database.pool.query('update credit_accounts set balance = 5 where user_id = $1', [
      userId,
    ]);
  });
});
