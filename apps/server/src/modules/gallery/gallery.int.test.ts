import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { post, userIdOf } from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { pageViews } from '../../db/schema';
import { createGeneration } from '../generations/generations.service';

let t: TestApp;
let cookie: string;
let userId: string;

interface Page {
  data: { generationId: string; type: string; prompt: string; numberOfImages: number }[];
  pagination: {
    page: number;
    limit: number;
    totalItems: number;
    totalPages: number;
    hasNextPage: boolean;
    hasPreviousPage: boolean;
  };
}

const TYPES = ['photoshoot', 'try-on', 'fashion-extractor', 'upscaler', 'video-generation'];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  ({ cookie } = await signUp(t.app));
  userId = await userIdOf(t.app, cookie);
  const start = Date.UTC(2026, 0, 1);
  // 25 succeeded generations, one a minute, cycling through the types; plus work that is not done.
  for (let i = 0; i < 25; i++) {
    const type = TYPES[i % TYPES.length] ?? 'photoshoot';
    await createGeneration(t.database.db, {
      id: `gen_${String(i).padStart(2, '0')}_${randomBytes(4).toString('hex')}`,
      userId,
      type,
      status: 'succeeded',
      prompt: i % 2 === 0 ? `red silk dress number ${String(i)}` : `blue denim jacket ${String(i)}`,
      credits: 1,
      imageUrls: type === 'video-generation' ? [] : [`/api/v1/media/img${String(i)}`],
      videoUrls: type === 'video-generation' ? [`/api/v1/media/vid${String(i)}`] : [],
      createdAt: new Date(start + i * 60_000),
      finishedAt: new Date(start + i * 60_000 + 5_000),
    });
  }
  for (const status of ['queued', 'running', 'failed']) {
    await createGeneration(t.database.db, {
      id: `gen_${status}`,
      userId,
      type: 'photoshoot',
      status,
      prompt: 'red silk dress unfinished',
      credits: 1,
      createdAt: new Date(start + 100 * 60_000),
    });
  }
});

const gallery = async (body: Record<string, unknown>) => {
  const res = await post(t.app, cookie, '/api/v1/gallery/past-generations', { userId, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};

describe('POST /gallery/past-generations', () => {
  it('lists succeeded work newest first with the spec’s pagination totals', async () => {
    const page = await gallery({ page: 1, limit: 12 });
    expect(page.pagination).toEqual({
      page: 1,
      limit: 12,
      totalItems: 25,
      totalPages: 3,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    expect(page.data).toHaveLength(12);
    expect(page.data[0]?.generationId).toMatch(/^gen_24_/);
    const last = await gallery({ page: 3, limit: 12 });
    expect(last.data.map((g) => g.generationId.slice(0, 6))).toEqual(['gen_00']);
    expect(last.pagination).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
  });

  it('pages without gaps or repeats', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      seen.push(...(await gallery({ page, limit: 6 })).data.map((g) => g.generationId));
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });

  it('maps fashion_extractor to the extractor type, and an unknown type to all', async () => {
    const extractor = await gallery({ type: 'fashion_extractor', limit: 36 });
    expect(extractor.pagination.totalItems).toBe(5);
    expect(extractor.data.every((g) => g.type === 'fashion-extractor')).toBe(true);
    expect((await gallery({ type: 'no-such-type' })).pagination.totalItems).toBe(25);
    expect((await gallery({ type: 'all' })).pagination.totalItems).toBe(25);
  });

  it('searches prompts from 2 characters, ignoring a single character', async () => {
    expect((await gallery({ search: 'silk', limit: 36 })).pagination.totalItems).toBe(13);
    expect((await gallery({ search: 'SILK', type: 'photoshoot' })).pagination.totalItems).toBe(3);
    expect((await gallery({ search: 'x' })).pagination.totalItems).toBe(25);
    expect((await gallery({ search: '100%' })).pagination.totalItems).toBe(0);
  });

  it('gives a search’s total on every page, also on an empty one past its end', async () => {
    // Each page number counts up to its own cap, so none of these totals comes from the others.
    const second = await gallery({ search: 'silk', page: 2, limit: 12 });
    expect(second.data).toHaveLength(1);
    expect(second.pagination).toMatchObject({ totalItems: 13, hasNextPage: false });
    const past = await gallery({ search: 'silk', page: 3, limit: 12 });
    expect(past.data).toHaveLength(0);
    expect(past.pagination.totalItems).toBe(13);
    const none = await gallery({ search: 'no such words', page: 1, limit: 12 });
    expect(none).toMatchObject({ data: [], pagination: { totalItems: 0 } });
  });

  it('answers a card the same from a page and from a search (statements read apart)', async () => {
    // Pages and searches by number are read by position from node-postgres; a search moved from
    // a card goes through Drizzle's own mapping. A card with every field set must come out the
    // same every way.
    const other = await signUp(t.app);
    const otherId = await userIdOf(t.app, other.cookie);
    const id = `gen_full_${randomBytes(4).toString('hex')}`;
    await createGeneration(t.database.db, {
      id,
      userId: otherId,
      type: 'colourways',
      status: 'succeeded',
      prompt: 'olive linen shirt',
      styleName: 'Studio',
      credits: 1,
      imageUrls: ['/api/v1/media/a', '/api/v1/media/b'],
      inputImageUrls: ['/api/v1/media/in'],
      thumbnailUrl: '/api/v1/media/a-thumb',
      thumbhash: 'HBkSHYSIeHiPiHh8eJd4eTN0EEQG',
      settings: { madeFrom: 'gen_source', set: { id: 'set_1', index: 1, size: 3 } },
      fidelityColourDifference: 2.5,
      fidelityPatternSimilarity: 0.875,
      fidelityPassed: true,
      credentials: {
        sourceType: 'trainedAlgorithmicMedia',
        generator: 'AI Product Studio',
        model: null,
        signedBy: 'Test signer',
        signedAt: '2026-01-02T03:04:05.000Z',
        verified: true,
        marked: 2,
        outputs: 2,
      },
      outputViews: [
        { view: 'front', slot: 'main' },
        { view: 'side', slot: 'additional' },
      ],
      createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)),
      finishedAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 9, 123)),
    });
    const read = async (body: Record<string, unknown>) => {
      const res = await post(t.app, other.cookie, '/api/v1/gallery/past-generations', body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Record<string, unknown>[] }>().data;
    };
    const newer = `gen_newer_${randomBytes(4).toString('hex')}`;
    await createGeneration(t.database.db, {
      id: newer,
      userId: otherId,
      type: 'photoshoot',
      status: 'succeeded',
      prompt: 'olive linen shirt, again',
      credits: 1,
      createdAt: new Date(Date.UTC(2026, 0, 3)),
      finishedAt: new Date(Date.UTC(2026, 0, 3)),
    });
    const [, fromPage] = await read({ page: 1, limit: 12 });
    const [fromSearch] = await read({ page: 1, limit: 12, search: id });
    const [fromCard] = await read({ page: 2, limit: 1, search: 'olive linen', after: newer });
    expect(fromPage?.generationId).toBe(id);
    expect(fromSearch).toEqual(fromPage);
    expect(fromCard).toEqual(fromPage);
    expect(fromPage).toMatchObject({
      generationId: id,
      timestamp: '2026-01-02T03:04:09.123Z',
      madeFrom: 'gen_source',
      group: { id: 'set_1', kind: 'colourways', size: 3, index: 1 },
      fidelity: { passed: true, colourDifference: 2.5, patternSimilarity: 0.875 },
      credentials: { verified: true, marked: 2 },
      views: [
        { url: '/api/v1/media/a', view: 'front', slot: 'main' },
        { url: '/api/v1/media/b', view: 'side', slot: 'additional' },
      ],
    });
    const [fromType] = await read({ page: 1, limit: 12, type: 'colourways' });
    expect(fromType).toEqual(fromSearch);
  });

  /**
   * This user's newest page view once it shows `details`: views go in batches off the request path
   * (ADR 040), within about a second, and earlier tests' views come first. Newest by id.
   */
  async function newestView(details: Record<string, unknown>) {
    return vi.waitFor(
      async () => {
        const [view] = await t.database.db
          .select()
          .from(pageViews)
          .where(eq(pageViews.userId, userId))
          .orderBy(desc(pageViews.id))
          .limit(1);
        expect(view?.details).toEqual(details);
        return view;
      },
      { timeout: 5_000 },
    );
  }

  it('records each load as a page-view event with page, type and search', async () => {
    await gallery({ page: 2, type: 'upscaler', search: 'denim' });
    await newestView({ page: 2, limit: 12, type: 'upscaler', search: 'denim' });
  });

  it('keeps a page view’s search as typed, quotes, commas and braces included', async () => {
    // Views go in as array parameters (ADR 040 addendum 2026-11-29): what an array literal
    // escapes must come back as it was sent.
    const search = 'say "silk", {not} \\ a\\b é 🧵';
    await gallery({ page: 1, search });
    const view = await newestView({ page: 1, limit: 12, type: 'all', search });
    expect(view?.createdAt).toBeInstanceOf(Date);
  });

  it('shows another user nothing of this user’s gallery', async () => {
    const other = await signUp(t.app);
    const res = await post(t.app, other.cookie, '/api/v1/gallery/past-generations', { page: 1 });
    expect(res.json<Page>().pagination.totalItems).toBe(0);
    const named = await post(t.app, other.cookie, '/api/v1/gallery/past-generations', { userId });
    expect(named.statusCode).toBe(403);
  });
});

describe('gallery search by tool name and style', () => {
  let owner: { cookie: string; userId: string };
  const searchFor = async (search: string, type = 'all') => {
    const res = await post(t.app, owner.cookie, '/api/v1/gallery/past-generations', {
      page: 1,
      limit: 36,
      type,
      search,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>().data.map((g) => g.generationId);
  };

  beforeAll(async () => {
    const { cookie: ownerCookie } = await signUp(t.app);
    owner = { cookie: ownerCookie, userId: await userIdOf(t.app, ownerCookie) };
    const made = [
      // Tools without a prompt: only their name on the card says what they are.
      { id: 'cut_out', type: 'background-removal', prompt: '', styleName: 'auto' },
      { id: 'upscaled', type: 'upscaler', prompt: '', styleName: '4x' },
      { id: 'designed', type: 'ai-designer', prompt: 'linen shirt', styleName: 'Boho Chic' },
      { id: 'shot', type: 'photoshoot', prompt: 'perfume bottle', styleName: 'luxury' },
    ];
    for (const [i, g] of made.entries()) {
      await createGeneration(t.database.db, {
        ...g,
        userId: owner.userId,
        status: 'succeeded',
        credits: 1,
        imageUrls: [`/api/v1/media/${g.id}`],
        createdAt: new Date(Date.UTC(2026, 1, 1) + i * 60_000),
      });
    }
  });

  it('finds work by the tool’s display name, whole or in part, in any letter case', async () => {
    expect(await searchFor('Background Removal')).toEqual(['cut_out']);
    expect(await searchFor('removal')).toEqual(['cut_out']);
    expect(await searchFor('image upscaler')).toEqual(['upscaled']);
  });

  it('finds work by its style', async () => {
    expect(await searchFor('boho')).toEqual(['designed']);
    expect(await searchFor('LUXURY')).toEqual(['shot']);
  });

  it('still finds prompts, and keeps the type filter applied to name matches', async () => {
    expect(await searchFor('bottle')).toEqual(['shot']);
    expect(await searchFor('background removal', 'upscaler')).toEqual([]);
    expect(await searchFor('4x%')).toEqual([]);
  });
});
