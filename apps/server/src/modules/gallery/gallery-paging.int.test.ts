import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { post, userIdOf } from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { galleryCounts, generations, pageViews, sessions } from '../../db/schema';
import { createGeneration } from '../generations/generations.service';

// ADR 040: trigger-kept totals, keyset paging, the session cache's revocation window and page
// views written in batches.

interface Page {
  data: { generationId: string }[];
  pagination: { page: number; totalItems: number; totalPages: number; hasNextPage: boolean };
}

const TYPES = ['photoshoot', 'try-on', 'upscaler'];

async function seed(t: TestApp, userId: string, n: number, status = 'succeeded') {
  const start = Date.UTC(2026, 0, 1);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `gen_${String(i).padStart(3, '0')}_${randomBytes(4).toString('hex')}`;
    ids.push(id);
    await createGeneration(t.database.db, {
      id,
      userId,
      type: TYPES[i % TYPES.length] ?? 'photoshoot',
      status,
      prompt: i % 2 === 0 ? `red silk dress ${String(i)}` : `blue denim ${String(i)}`,
      credits: 1,
      imageUrls: [`/api/v1/media/img${String(i)}`],
      // Some share a creation time: the keyset's tie-break on id must hold.
      createdAt: new Date(start + Math.floor(i / 2) * 60_000),
    });
  }
  return ids;
}

/** The counters against a real count, per type, for one user. */
async function countsMatch(t: TestApp, userId: string) {
  const kept = await t.database.db
    .select({ type: galleryCounts.type, n: galleryCounts.succeeded })
    .from(galleryCounts)
    .where(eq(galleryCounts.userId, userId));
  const real = await t.database.db
    .select({ type: generations.type, n: sql<number>`count(*)::int` })
    .from(generations)
    .where(sql`${generations.userId} = ${userId} and ${generations.status} = 'succeeded'`)
    .groupBy(generations.type);
  const byType = (rows: { type: string; n: number }[]) =>
    Object.fromEntries(rows.filter((r) => r.n !== 0).map((r) => [r.type, r.n]));
  return { kept: byType(kept), real: byType(real) };
}

describe('gallery totals kept by triggers', () => {
  it('stay exact under concurrent finishes, re-types and deletes', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
    const { cookie } = await signUp(t.app);
    const userId = await userIdOf(t.app, cookie);
    const done = await seed(t, userId, 30);
    const running = await seed(t, userId, 40, 'running');
    const { pool } = t.database;
    // Each change in its own transaction, all at once: finishes, failures, a re-type, deletes.
    await Promise.all([
      ...running.map((id, i) =>
        pool.query(`update generations set status = $2 where id = $1`, [
          id,
          i % 4 === 0 ? 'failed' : 'succeeded',
        ]),
      ),
      ...done.slice(0, 10).map((id) => pool.query(`delete from generations where id = $1`, [id])),
      pool.query(`update generations set type = 'ai-poses' where id = $1`, [done[20]]),
      pool.query(`delete from generations where id = any($1)`, [done.slice(25, 30)]),
    ]);
    const { kept, real } = await countsMatch(t, userId);
    expect(kept).toEqual(real);
    const all = await post(t.app, cookie, '/api/v1/gallery/past-generations', { page: 1 });
    const total = Object.values(real).reduce((a, b) => a + b, 0);
    expect(all.json<Page>().pagination.totalItems).toBe(total);
    const typed = await post(t.app, cookie, '/api/v1/gallery/past-generations', {
      type: 'ai-poses',
    });
    expect(typed.json<Page>().pagination.totalItems).toBe(1);
  });
});

describe('gallery keyset paging', () => {
  it('walks the same pages by `after` and `before` as by page number', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
    const { cookie } = await signUp(t.app);
    const userId = await userIdOf(t.app, cookie);
    await seed(t, userId, 40);
    const page = async (body: Record<string, unknown>) =>
      (
        await post(t.app, cookie, '/api/v1/gallery/past-generations', { limit: 7, ...body })
      ).json<Page>();

    const byNumber: Page[] = [];
    for (let n = 1; n <= 6; n++) byNumber.push(await page({ page: n }));
    expect(byNumber.flatMap((p) => p.data).length).toBe(40);

    let current = byNumber[0];
    for (let n = 2; n <= 6; n++) {
      const after = current?.data.at(-1)?.generationId;
      current = await page({ page: n, after });
      expect(current.data).toEqual(byNumber[n - 1]?.data);
      expect(current.pagination).toEqual(byNumber[n - 1]?.pagination);
    }
    for (let n = 5; n >= 1; n--) {
      const before = current?.data[0]?.generationId;
      current = await page({ page: n, before });
      expect(current.data).toEqual(byNumber[n - 1]?.data);
    }
    // Past the last card: nothing, with the total still right.
    const end = await page({ page: 7, after: byNumber[5]?.data.at(-1)?.generationId });
    expect(end.data).toEqual([]);
    expect(end.pagination.totalItems).toBe(40);
    // A type filter and a search move the same way.
    for (const filter of [{ type: 'try-on' }, { search: 'silk' }]) {
      const at = (n: number, more?: Record<string, unknown>) =>
        page({ page: n, limit: 4, ...filter, ...more });
      const [second, third] = [await at(2), await at(3)];
      expect(await at(3, { after: second.data.at(-1)?.generationId })).toEqual(third);
      expect(await at(2, { before: third.data[0]?.generationId })).toEqual(second);
    }
  });

  it('walks by number when the card named is gone or not the caller’s', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
    const { cookie } = await signUp(t.app);
    const userId = await userIdOf(t.app, cookie);
    await seed(t, userId, 20);
    const other = await signUp(t.app);
    const [foreign] = await seed(t, await userIdOf(t.app, other.cookie), 1);
    const page = async (body: Record<string, unknown>) =>
      (
        await post(t.app, cookie, '/api/v1/gallery/past-generations', { limit: 6, ...body })
      ).json<Page>();
    const expected = await page({ page: 3 });
    expect((await page({ page: 3, after: 'gen_gone' })).data).toEqual(expected.data);
    expect((await page({ page: 3, after: foreign })).data).toEqual(expected.data);
  });

  it('reads a page in the older half from the oldest end, same as the walk', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
    const { cookie } = await signUp(t.app);
    const userId = await userIdOf(t.app, cookie);
    await seed(t, userId, 23);
    const pages: string[] = [];
    for (let n = 1; n <= 5; n++) {
      const res = await post(t.app, cookie, '/api/v1/gallery/past-generations', {
        page: n,
        limit: 5,
      });
      const body = res.json<Page>();
      pages.push(...body.data.map((d) => d.generationId));
      expect(body.pagination.hasNextPage).toBe(n < 5);
    }
    const newestFirst = await t.database.db
      .select({ id: generations.id })
      .from(generations)
      .where(eq(generations.userId, userId))
      .orderBy(sql`${generations.createdAt} desc, ${generations.id} desc`);
    expect(pages).toEqual(newestFirst.map((r) => r.id));
  });
});

describe('gallery jumps', () => {
  it('remember deep start keys only while the user’s work stands still', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
    const { cookie } = await signUp(t.app);
    const userId = await userIdOf(t.app, cookie);
    await t.database.pool.query(
      `insert into generations (id, user_id, type, status, prompt, credits, image_urls, created_at)
       select 'gen_j' || i, $1, case when i % 5 = 0 then 'upscaler' else 'photoshoot' end,
              'succeeded', 'p', 1, '["/api/v1/media/x"]',
              timestamptz '2026-01-01' + i * interval '1 second'
       from generate_series(1, 3000) as i`,
      [userId],
    );
    const load = async (page: number, type = 'all') =>
      (
        await post(t.app, cookie, '/api/v1/gallery/past-generations', { page, limit: 100, type })
      ).json<Page>();
    const ids = async (page: number, type?: string) =>
      (await load(page, type)).data.map((d) => d.generationId);
    const expected = async (page: number, type?: string) =>
      (
        await t.database.pool.query<{ id: string }>(
          `select id from generations where user_id = $1 and status = 'succeeded'
             and ($3::text is null or type = $3)
           order by created_at desc, id desc offset $2 limit 100`,
          [userId, (page - 1) * 100, type ?? null],
        )
      ).rows.map((r) => r.id);

    const before = await expected(14);
    expect(await ids(14)).toEqual(before); // walked, remembered
    expect(await ids(14)).toEqual(await expected(14)); // from the remembered key
    expect(await ids(15)).toEqual(await expected(15)); // walks on from it
    await t.database.pool.query(
      `insert into generations (id, user_id, type, status, prompt, credits, image_urls, created_at)
       values ('gen_newest', $1, 'photoshoot', 'succeeded', 'p', 1, '["/api/v1/media/x"]', now())`,
      [userId],
    );
    const shifted = await expected(14);
    expect(shifted).not.toEqual(before); // the new generation moved every page by one
    expect(await ids(14)).toEqual(shifted);
    // The older half is read from the oldest end; past the end is empty with the total still right.
    expect(await ids(25)).toEqual(await expected(25));
    expect(await ids(31)).toEqual(await expected(31));
    expect(await ids(31)).toHaveLength(1);
    // One type (2,401 of them): walked from the top, then from the remembered key, and the older half.
    expect(await ids(13, 'photoshoot')).toEqual(await expected(13, 'photoshoot'));
    expect(await ids(13, 'photoshoot')).toEqual(await expected(13, 'photoshoot'));
    expect(await ids(20, 'photoshoot')).toEqual(await expected(20, 'photoshoot'));
    const beyond = await load(40);
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toMatchObject({ totalItems: 3001, totalPages: 31 });
  });
});

describe('session cache', () => {
  it('honours a revocation made elsewhere within its window, and one made here at once', async () => {
    const t = await createTestApp({ env: { SESSION_CACHE_SECONDS: '1' } });
    const { cookie } = await signUp(t.app);
    const userId = await userIdOf(t.app, cookie);
    const session = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } })).json<{
        user: { id: string } | null;
      }>().user;
    expect((await session())?.id).toBe(userId);
    // Another process (or the admin CLI) ends the session: this one may still accept it for
    // the window, and no longer once the window has passed.
    await t.database.db.delete(sessions).where(eq(sessions.userId, userId));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await session()).toBeNull();

    // With a long window, the cache is what answers: the deleted session still works here.
    const long = await createTestApp({ env: { SESSION_CACHE_SECONDS: '300' } });
    const held = await signUp(long.app);
    const heldId = await userIdOf(long.app, held.cookie);
    await long.database.db.delete(sessions).where(eq(sessions.userId, heldId));
    const cached = await long.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: held.cookie },
    });
    expect(cached.json<{ user: { id: string } }>().user.id).toBe(heldId);

    // Someone else signing in or up ends no session: what this process holds stays held.
    await signUp(long.app);
    const afterSignUp = await long.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: held.cookie },
    });
    expect(afterSignUp.json<{ user: { id: string } | null }>().user?.id).toBe(heldId);

    const second = await signUp(t.app);
    const check = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: second.cookie } });
    expect((await check()).json()).not.toEqual({ user: null });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: second.cookie, origin: 'http://localhost:3000' },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await check()).json()).toEqual({ user: null });
  });
});

describe('page views', () => {
  it('are all written when the server shuts down', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
    const { cookie } = await signUp(t.app);
    const userId = await userIdOf(t.app, cookie);
    await seed(t, userId, 3);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(t.app, cookie, '/api/v1/gallery/past-generations', { page: (i % 3) + 1 }),
      ),
    );
    await t.app.close();
    const views = await t.database.db.select().from(pageViews).where(eq(pageViews.userId, userId));
    expect(views).toHaveLength(40);
  });
});
