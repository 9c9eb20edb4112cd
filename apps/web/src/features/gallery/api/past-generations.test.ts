import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '@/testing/render';
import {
  galleryItems,
  PAST_GENERATIONS_URL,
  pastGenerationsBody as pastGenerationsResponse,
} from '@/testing/gallery-handlers';
import { server } from '@/testing/server';
import { DEFAULT_GALLERY_QUERY, parseGalleryQuery } from '../lib/gallery-query';
import { PAGE_VIEWS_KEY, readGalleryPageViews } from '../lib/page-views';
import { pastGenerationsBody, pastGenerationsQueryOptions } from './past-generations';

describe('pastGenerationsBody', () => {
  it('sends the user, page, limit and type, and no search when none is applied', () => {
    expect(pastGenerationsBody('user_1', DEFAULT_GALLERY_QUERY)).toEqual({
      userId: 'user_1',
      page: 1,
      limit: 12,
      type: 'all',
    });
  });

  it("sends an applied search and the server's name for the fashion extractor", () => {
    expect(
      pastGenerationsBody('user_1', {
        type: 'fashion-extractor',
        search: 'denim',
        page: 3,
        limit: 24,
      }),
    ).toEqual({ userId: 'user_1', page: 3, limit: 24, type: 'fashion_extractor', search: 'denim' });
  });
});

// ADR 041: /gallery's HTML preloads `GET /gallery/past-generations`; the browser hands the preloaded
// answer only to a fetch of the same URL, method and credentials mode.
describe('pastGenerationsQueryOptions: GET for the first page, POST for the rest', () => {
  interface Seen {
    method: string;
    search: string;
    credentials: RequestCredentials;
    body: unknown;
  }

  function recordCalls(): Seen[] {
    const seen: Seen[] = [];
    server.use(
      http.all(PAST_GENERATIONS_URL, async ({ request }) => {
        const url = new URL(request.url);
        seen.push({
          method: request.method,
          search: url.search,
          credentials: request.credentials,
          body: request.method === 'GET' ? null : ((await request.json()) as unknown),
        });
        return HttpResponse.json(pastGenerationsResponse(galleryItems(30), 1, 12));
      }),
    );
    return seen;
  }

  const load = (search: string) =>
    createTestQueryClient().query(
      pastGenerationsQueryOptions('user_1', parseGalleryQuery(new URLSearchParams(search))),
    );

  it('asks for the plain first page with a GET of the preloaded URL, cookies included', async () => {
    const seen = recordCalls();

    const page = await load('');

    expect(seen).toEqual([{ method: 'GET', search: '', credentials: 'include', body: null }]);
    expect(page.data).toHaveLength(12);
  });

  it.each([
    ['page 2', 'page=2', { page: 2, limit: 12, type: 'all' }],
    ['a search', 'search=denim', { page: 1, limit: 12, type: 'all', search: 'denim' }],
    ['a type', 'type=upscaler', { page: 1, limit: 12, type: 'upscaler' }],
    ['another page size', 'limit=24', { page: 1, limit: 24, type: 'all' }],
  ])('asks for %s with the POST', async (_name, search, body) => {
    const seen = recordCalls();

    await load(search);

    expect(seen).toEqual([
      { method: 'POST', search: '', credentials: 'include', body: { userId: 'user_1', ...body } },
    ]);
  });

  it('records a page view for the GET as for the POST', async () => {
    recordCalls();
    window.sessionStorage.removeItem(PAGE_VIEWS_KEY);

    await load('');
    await load('page=2');

    expect(readGalleryPageViews()).toEqual([
      { page: 1, type: 'all', search: 'none', timestamp: expect.any(String) as unknown },
      { page: 2, type: 'all', search: 'none', timestamp: expect.any(String) as unknown },
    ]);
  });
});
