import { queryOptions, useQuery } from '@tanstack/react-query';
import { pastGenerationsResponseSchema } from '@studio/contract/responses';
import { api, schemaParser } from '@/lib/api-client';
import { toServerType, type GalleryQuery } from '../lib/gallery-query';
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

export const pastGenerationsQueryOptions = (userId: string, query: GalleryQuery) =>
  queryOptions({
    queryKey: [
      'gallery',
      'past-generations',
      userId,
      query.page,
      query.limit,
      query.type,
      query.search,
    ],
    queryFn: async ({ signal }) => {
      const response = await api.post(
        '/gallery/past-generations',
        pastGenerationsBody(userId, query),
        { parse: schemaParser(pastGenerationsResponseSchema), signal },
      );
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
