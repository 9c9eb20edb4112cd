import { queryOptions, useQuery } from '@tanstack/react-query';
import { pastGenerationsResponseSchema } from '@studio/contract/responses';
import { api, schemaParser } from '@/lib/api-client';
import { safeMediaUrl } from '@/lib/media-url';
import { GALLERY_DEFAULT_LIMIT } from '@studio/contract/tools';

/** One picture of a recent result, small enough for a dashboard slide. */
export interface LatestResult {
  generationId: string;
  type: string;
  imageUrl: string;
}

/**
 * The user's newest results with a picture (the dashboard sliders show them instead of our
 * showcase). Not a gallery page load, so no page view is logged; the key sits under 'gallery' so a
 * gallery change (a delete) that invalidates the gallery refreshes the sliders too.
 */
export const latestResultsQueryOptions = (userId: string, limit: number) =>
  queryOptions({
    queryKey: ['gallery', 'latest-results', userId, limit],
    queryFn: async ({ signal }) => {
      const response = await api.post(
        '/gallery/past-generations',
        // The body by hand rather than the gallery page's helpers: those would pull the page's filter
        // code into the dashboard's first load.
        { userId, page: 1, limit: GALLERY_DEFAULT_LIMIT, type: 'all' },
        { parse: schemaParser(pastGenerationsResponseSchema), signal },
      );
      return response.data
        .flatMap((item): LatestResult[] => {
          // The small WebP thumbnail when the server made one (videos have none): a slide is only
          // a few hundred pixels wide.
          const picture = safeMediaUrl(item.thumbnailUrl ?? item.imageUrlList[0] ?? '');
          return picture === null
            ? []
            : [{ generationId: item.generationId, type: item.type, imageUrl: picture }];
        })
        .slice(0, limit);
    },
  });

export function useLatestResults(userId: string | null, limit: number) {
  return useQuery({ ...latestResultsQueryOptions(userId ?? '', limit), enabled: userId !== null });
}
