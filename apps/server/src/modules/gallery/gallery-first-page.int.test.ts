import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { post, userIdOf } from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { pageViews } from '../../db/schema';
import { createGeneration } from '../generations/generations.service';

// ADR 041, addendum 2026-11-25: /gallery's HTML preloads the first page, so it must be a GET.
let t: TestApp;
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };

const URL_PATH = '/api/v1/gallery/past-generations';

interface Page {
  data: { generationId: string }[];
  pagination: { page: number; limit: number; totalItems: number };
}

async function seed(userId: string, count: number, prefix: string) {
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i++) {
    await createGeneration(t.database.db, {
      id: `${prefix}_${String(i).padStart(2, '0')}_${randomBytes(4).toString('hex')}`,
      userId,
      type: i % 3 === 0 ? 'upscaler' : 'photoshoot',
      status: 'succeeded',
      prompt: `linen shirt ${String(i)}`,
      credits: 1,
      imageUrls: [`/api/v1/media/${prefix}${String(i)}`],
      createdAt: new Date(start + i * 60_000),
      finishedAt: new Date(start + i * 60_000 + 5_000),
    });
  }
}

async function signedUp() {
  const { cookie } = await signUp(t.app);
  return { cookie, userId: await userIdOf(t.app, cookie) };
}

const getFirstPage = (cookie?: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `${URL_PATH}${query}`,
    headers: cookie === undefined ? {} : { cookie },
  });

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  owner = await signedUp();
  other = await signedUp();
  // More than one page, so "the first page" is a real choice.
  await seed(owner.userId, 15, 'own');
  await seed(other.userId, 3, 'oth');
});

describe('GET /gallery/past-generations', () => {
  it("answers exactly the POST's default first page, uncacheable", async () => {
    const viaGet = await getFirstPage(owner.cookie);
    const viaPost = await post(t.app, owner.cookie, URL_PATH, {
      userId: owner.userId,
      page: 1,
      limit: 12,
      type: 'all',
    });
    expect(viaGet.statusCode, viaGet.body).toBe(200);
    expect(viaPost.statusCode, viaPost.body).toBe(200);
    expect(viaGet.json()).toEqual(viaPost.json());
    const page = viaGet.json<Page>();
    expect(page.data).toHaveLength(12);
    expect(page.pagination).toMatchObject({ page: 1, limit: 12, totalItems: 15 });
    expect(page.data[0]?.generationId).toMatch(/^own_14_/);
    // Mirrors GET /session, whose preload Chromium already reuses.
    expect(viaGet.headers['cache-control']).toBe('no-store');
    expect(viaGet.headers['content-type']).toMatch(/application\/json/);
  });

  it("shows each session its own gallery, whatever the other user's", async () => {
    const page = (await getFirstPage(other.cookie)).json<Page>();
    expect(page.pagination.totalItems).toBe(3);
    expect(page.data.map((g) => g.generationId.slice(0, 3))).toEqual(['oth', 'oth', 'oth']);
  });

  it('answers 401 without a session', async () => {
    const res = await getFirstPage();
    expect(res.statusCode).toBe(401);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('unauthorized');
  });

  it('refuses any query string parameter instead of answering page 1 for it', async () => {
    const res = await getFirstPage(owner.cookie, '?page=2');
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; details: { message: string }[] } }>();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details[0]?.message).toMatch(/takes no parameters.*POST/);
  });

  it('answers no HEAD, which would read the page and log a view for nothing', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/api/v1/gallery/past-generations',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(404);
  });

  it('records the load as a first-page view of every type, as the POST does', async () => {
    const fresh = await signedUp();
    await getFirstPage(fresh.cookie);
    // Views are written in batches off the request path (ADR 040), within about a second.
    await vi.waitFor(
      async () => {
        const views = await t.database.db
          .select()
          .from(pageViews)
          .where(eq(pageViews.userId, fresh.userId));
        expect(views.map((view) => view.details)).toEqual([
          { page: 1, limit: 12, type: 'all', search: 'none' },
        ]);
      },
      { timeout: 5_000 },
    );
  });
});
