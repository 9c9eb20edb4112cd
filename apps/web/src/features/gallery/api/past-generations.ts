import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  pastGenerationsResponseSchema,
  type PastGenerationsResponse,
} from '@studio/contract/responses';
import { api, schemaParser } from '@/lib/api-client';
import { toSearchParams, toServerType, type GalleryQuery } from '../lib/gallery-query';
import { recordGalleryPageView } from '../lib/page-views';

/** The request body: the server's type name, and `search` only when one is applied. */
export function pastGenerationsBody(userId: string, query: GalleryQuery) {
  return {
    userId,
    page: query.page,
    limit: query.limit,
    type: toServerType(query.type),
    ...(query.search === '' ? {} : { search: query.search }),
  };
}

const pastGenerationsKey = (userId: string, query: GalleryQuery) =>
  [
    'gallery',
    'past-generations',
    userId,
    query.page,
    query.limit,
    query.type,
    query.search,
  ] as const;

/**
 * A move to the next or previous page names the card it moves from, when the page it comes from
 * is in the cache (ADR 040): the server then reads the page by keyset instead of walking to it,
 * however deep. The page number is still sent and still numbers the answer; a jump sends neither.
 */
function movedFrom(client: QueryClient, userId: string, query: GalleryQuery) {
  const cached = (page: number) =>
    client.getQueryData<PastGenerationsResponse>(pastGenerationsKey(userId, { ...query, page }));
  const previous = query.page > 1 ? cached(query.page - 1)?.data : undefined;
  const after = previous?.length === query.limit ? previous.at(-1)?.generationId : undefined;
  if (after) return { after };
  const before = cached(query.page + 1)?.data[0]?.generationId;
  return before ? { before } : {};
}

/**
 * The first page is asked for with `GET /gallery/past-generations`, the request /gallery's HTML
 * preloads (ADR 041): the browser hands this fetch the answer it started with the HTML, as it does
 * the session's (same URL, GET, and the client's `credentials: 'include'` matching the preload's
 * `crossorigin="use-credentials"`). Any other page, or one reached by a keyset move, is the POST.
 */
function fetchPage(client: QueryClient, userId: string, query: GalleryQuery, signal: AbortSignal) {
  const parse = schemaParser(pastGenerationsResponseSchema);
  const moved = movedFrom(client, userId, query);
  // The plain /gallery's list: its URL form (defaults left out) is empty.
  if (
    toSearchParams(query).toString() === '' &&
    moved.after === undefined &&
    moved.before === undefined
  )
    return api.get('/gallery/past-generations', { parse, signal });
  return api.post(
    '/gallery/past-generations',
    { ...pastGenerationsBody(userId, query), ...moved },
    { parse, signal },
  );
}

export const pastGenerationsQueryOptions = (userId: string, query: GalleryQuery) =>
  queryOptions({
    queryKey: pastGenerationsKey(userId, query),
    queryFn: async ({ signal, client }) => {
      const response = await fetchPage(client, userId, query, signal);
      recordGalleryPageView({
        page: query.page,
        type: query.type,
        search: query.search === '' ? 'none' : query.search,
        timestamp: new Date().toISOString(),
      });
      return response;
    },
  });

/**
 * One page of the signed-in user's gallery. No placeholder data: a new page, type or search
 * shows skeletons (spec §2), never the previous list under new filters.
 */
export function usePastGenerations(userId: string | null, query: GalleryQuery) {
  return useQuery({
    ...pastGenerationsQueryOptions(userId ?? '', query),
    enabled: userId !== null,
  });
}
