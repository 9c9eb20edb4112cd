import type { GalleryItem, PastGenerationsResponse } from '@studio/contract';
import { paginate } from '@studio/contract/pagination';
import { GALLERY_DEFAULT_LIMIT } from '@studio/contract/tools';
import { delay, http, HttpResponse, type RequestHandler } from 'msw';

export const PAST_GENERATIONS_URL = '/api/v1/gallery/past-generations';

/**
 * What the gallery sent to `POST /gallery/past-generations`; for the first page's GET (ADR 041),
 * `method: 'GET'` and the page it stands for (the server takes the user from the session).
 */
export interface PastGenerationsBody {
  method?: 'GET';
  userId?: string;
  page: number;
  limit: number;
  type: string;
  search?: string;
  after?: string;
  before?: string;
}

let sequence = 0;

/** A finished try-on with two images; pass what the test is about. */
export function galleryItem(overrides: Partial<GalleryItem> = {}): GalleryItem {
  sequence += 1;
  const id = `gen_${String(sequence).padStart(4, '0')}`;
  return {
    generationId: id,
    type: 'try-on',
    timestamp: '2026-01-10T12:00:00.000Z',
    prompt: `Model wearing outfit ${String(sequence)}`,
    styleName: null,
    numberOfImages: 2,
    numberOfVideos: 0,
    imageUrlList: [`/api/v1/media/${id}-1`, `/api/v1/media/${id}-2`],
    videoUrlList: [],
    inputImageUrls: [`/api/v1/media/${id}-input`],
    thumbnailUrl: `/api/v1/media/${id}-1/thumbnail`,
    thumbhash: null,
    madeFrom: null,
    fidelity: null,
    credentials: null,
    views: null,
    group: null,
    ...overrides,
  };
}

/** `count` distinct items (generation ids and prompts numbered in order). */
export function galleryItems(count: number, overrides: Partial<GalleryItem> = {}): GalleryItem[] {
  return Array.from({ length: count }, () => galleryItem(overrides));
}

/** One page of `all`, paginated as the server does. */
export function pastGenerationsBody(
  all: readonly GalleryItem[],
  page = 1,
  limit = 12,
): PastGenerationsResponse {
  return {
    success: true,
    data: all.slice((page - 1) * limit, page * limit),
    pagination: paginate(page, limit, all.length),
    message: all.length === 0 ? 'No generations found' : 'Generations retrieved',
  };
}

/** The first page the GET stands for, as the server reads it. */
const FIRST_PAGE_GET: PastGenerationsBody = {
  method: 'GET',
  page: 1,
  limit: GALLERY_DEFAULT_LIMIT,
  type: 'all',
};

/**
 * What one call to the gallery list asked for, the POST's body or the first page's GET; `null`
 * for a GET with a query string, which the server refuses.
 */
async function askedFor(request: Request): Promise<PastGenerationsBody | null> {
  if (request.method !== 'GET') return (await request.json()) as PastGenerationsBody;
  return new URL(request.url).search === '' ? { ...FIRST_PAGE_GET } : null;
}

const refusedQuery = () =>
  HttpResponse.json(
    {
      success: false,
      error: { code: 'validation_failed', message: 'The request is not valid.' },
    },
    { status: 400 },
  );

/**
 * `server.use(pastGenerationsHandler(items, requests))`: answers with the requested page of
 * `items` (no filtering: tests assert on what was asked for) and records every request body.
 * Both forms: the POST, and the GET of the first page (ADR 041).
 */
export function pastGenerationsHandler(
  items: readonly GalleryItem[] = [],
  requests: PastGenerationsBody[] = [],
): RequestHandler {
  return http.all(PAST_GENERATIONS_URL, async ({ request }) => {
    const body = await askedFor(request);
    if (body === null) return refusedQuery();
    requests.push(body);
    return HttpResponse.json(pastGenerationsBody(items, body.page, body.limit));
  });
}

/** The gallery call (either form) never answers, so the page stays loading. */
export function pastGenerationsPendingHandler(
  requests: PastGenerationsBody[] = [],
): RequestHandler {
  return http.all(PAST_GENERATIONS_URL, async ({ request }) => {
    const body = await askedFor(request);
    if (body === null) return refusedQuery();
    requests.push(body);
    await delay('infinite');
    return HttpResponse.json({});
  });
}

/** The gallery call (either form) fails with a server error and this message. */
export function pastGenerationsFailureHandler(message = 'Gallery is unavailable'): RequestHandler {
  return http.all(PAST_GENERATIONS_URL, () =>
    HttpResponse.json(
      { success: false, error: { code: 'internal_error', message } },
      { status: 500 },
    ),
  );
}

/** Media files answer with a few bytes of the right type, so downloads and shares can fetch them. */
export function mediaHandler(): RequestHandler {
  return http.get('/api/v1/media/:id', ({ params }) =>
    HttpResponse.arrayBuffer(new Uint8Array([1, 2, 3]).buffer, {
      headers: {
        'Content-Type': String(params.id).includes('clip') ? 'video/mp4' : 'image/jpeg',
      },
    }),
  );
}

/** Default fake API for the gallery (empty), for the shared server's handler list. */
export const galleryHandlers: RequestHandler[] = [pastGenerationsHandler(), mediaHandler()];
