import { eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giveCredits,
  newUser as signUpUser,
  post,
  productPhoto,
  uploadImage,
  waitForGeneration,
} from '../../../test/generation-helpers';
import { createTestApp, testDatabaseUrl, type TestApp } from '../../../test/harness';
import { generations } from '../../db/schema';
import type { GenerationProvider } from '../../platform/providers/types';
import { balanceOf, findBalanceMismatches } from '../credits/credits.service';

/*
 * Issue 29, finding 2: a generate locks the user's credit account and then inserts a generation,
 * whose trigger locks generation_activity; settling updated the generation first (trigger →
 * generation_activity) and then locked the account. Opposite orders: PostgreSQL aborted one of them
 * as a deadlock, a 500 for the generate, or a stored result failed and refunded when the settle was
 * the victim. Now every such transaction locks the account first, and a settle PostgreSQL aborts
 * anyway (a cycle of someone else's making) runs again.
 */

/** While set, each run waits for it: the test decides when the settle starts. */
let gate: Promise<void> | undefined;
let entered: () => void = () => undefined;

const provider: GenerationProvider = {
  name: 'test',
  capabilities: () => ['upscale'],
  async run(job) {
    if (job.type !== 'upscaler') throw new Error(`unexpected ${job.type}`);
    entered();
    if (gate) await gate;
    const data = await sharp(await job.image.load())
      .png()
      .toBuffer();
    return { outputs: [{ kind: 'image', data, contentType: 'image/png' }] };
  },
  prompt: () => Promise.resolve({ prompt: '', preview: true }),
};

let t: TestApp;
let databaseUrl: string;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  clients.push(client);
  return client;
}

beforeAll(async () => {
  databaseUrl = await testDatabaseUrl();
  // The app's sessions look for a deadlock after 3 s, the test's own session (below) after 60 s:
  // when the two form a cycle, PostgreSQL aborts the app's transaction, the case under test.
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(
    `ALTER DATABASE ${new URL(databaseUrl).pathname.slice(1)} SET deadlock_timeout = '3s'`,
  );
  await admin.end();
  t = await createTestApp({
    worker: true,
    provider,
    env: { RATE_LIMIT_MULTIPLIER: '1000', WORKER_CONCURRENCY: '2' },
  });
});
afterAll(async () => {
  for (const client of clients) await client.end();
});

async function newUser(credits: number) {
  const { cookie, id } = await signUpUser(t, { credits });
  const imageUrl = await uploadImage(t.app, cookie, await productPhoto(120, 90));
  // With the welcome credits every new account gets.
  return { cookie, id, imageUrl, balance: await balanceOf(t.database.db, id) };
}

const upscale = (user: { cookie: string; imageUrl: string }) =>
  post(t.app, user.cookie, '/api/v1/upscaler', { imageUrl: user.imageUrl });

async function statusesOf(userId: string) {
  const rows = await t.database.db
    .select({ status: generations.status, error: generations.error })
    .from(generations)
    .where(eq(generations.userId, userId));
  return rows;
}

describe('generate storms beside settling work (one lock order)', () => {
  it('answers every one of 6 rounds of 40 parallel generates without a 500, and fails no work', async () => {
    const user = await newUser(0);
    const answers: Record<number, number> = {};
    const accepted: string[] = [];
    let granted = user.balance;
    for (let round = 0; round < 6; round++) {
      // A few credits per round: most calls are refused (402) after locking the account and
      // inserting, exactly the mix that deadlocked with the previous round's settles.
      await giveCredits(t.database.db, user.id, 3);
      granted += 3;
      const responses = await Promise.all(Array.from({ length: 40 }, () => upscale(user)));
      for (const res of responses) {
        answers[res.statusCode] = (answers[res.statusCode] ?? 0) + 1;
        if (res.statusCode === 202)
          accepted.push(res.json<{ generationId: string }>().generationId);
      }
    }
    for (const id of accepted) await waitForGeneration(t.app, user.cookie, id);

    expect(Object.keys(answers).filter((code) => Number(code) >= 500)).toEqual([]);
    expect(accepted.length).toBeGreaterThan(0);
    const rows = await statusesOf(user.id);
    expect(rows.filter((r) => r.status !== 'succeeded')).toEqual([]);
    expect(await balanceOf(t.database.db, user.id)).toBe(granted - rows.length);
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  });
});

/** Waits (bounded) until one of the app's sessions waits for a row lock. */
async function untilSomeoneWaitsForALock(watcher: pg.Client) {
  for (let i = 0; i < 600; i++) {
    const { rows } = await watcher.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no session ever waited for a lock');
}

/** Starts one gated upscale; resolves once the provider runs it (it is claimed and running). */
async function startGated(user: { cookie: string; imageUrl: string }) {
  let release: () => void = () => undefined;
  gate = new Promise((resolve) => {
    release = resolve;
  });
  const running = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const res = await upscale(user);
  expect(res.statusCode).toBe(202);
  await running;
  return { id: res.json<{ generationId: string }>().generationId, release };
}

describe('a settle meeting a transaction that holds locks of the same user', () => {
  it('keeps a stored result when a generate holds the account while the settle starts', async () => {
    const user = await newUser(5);
    const { id, release } = await startGated(user);
    // Plays a generate: the account first, then (after the settle is under way) the activity row
    // that inserting a generation locks.
    const generate = await connect();
    await generate.query(`SET deadlock_timeout = '60s'`);
    await generate.query('BEGIN');
    await generate.query('select balance from credit_accounts where user_id = $1 for update', [
      user.id,
    ]);
    release();
    gate = undefined;
    await untilSomeoneWaitsForALock(await connect());
    await generate.query(
      'update generation_activity set version = version + 1 where user_id = $1',
      [user.id],
    );
    await generate.query('ROLLBACK');

    const done = await waitForGeneration(t.app, user.cookie, id);
    // Before the fix: failed, "The generation failed. Your credits were refunded.", result lost.
    expect(done).toMatchObject({ status: 'succeeded', error: null });
    expect(await balanceOf(t.database.db, user.id)).toBe(user.balance - 1);
  });

  it('runs a settle again when PostgreSQL picks it as a deadlock victim', async () => {
    const user = await newUser(5);
    const { id, release } = await startGated(user);
    // The opposite order, which nothing of ours takes: the activity row, then the account.
    const other = await connect();
    await other.query(`SET deadlock_timeout = '60s'`);
    await other.query('BEGIN');
    await other.query('update generation_activity set version = version + 1 where user_id = $1', [
      user.id,
    ]);
    release();
    gate = undefined;
    await untilSomeoneWaitsForALock(await connect());
    // Completes only because PostgreSQL aborted the settle (the cycle's other member).
    await other.query('select balance from credit_accounts where user_id = $1 for update', [
      user.id,
    ]);
    await other.query('ROLLBACK');

    const done = await waitForGeneration(t.app, user.cookie, id);
    expect(done).toMatchObject({ status: 'succeeded', error: null });
    expect(await balanceOf(t.database.db, user.id)).toBe(user.balance - 1);
  });
});
