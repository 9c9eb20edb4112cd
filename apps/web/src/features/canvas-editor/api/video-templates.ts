import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoTemplate } from '@studio/contract';
import { videoTemplatesResponseSchema } from '@studio/contract/responses';
import { api, ApiError, isApiError } from '@/lib/api-client';

/** The templates of an answer, ascending by their numeric-like ids (document 2 §3). */
export function readVideoTemplates(data: unknown): VideoTemplate[] {
  return videoTemplatesResponseSchema
    .parse(data)
    .videoTemplates.sort(
      (a, b) => Number(a.videoId) - Number(b.videoId) || a.videoId.localeCompare(b.videoId),
    );
}

/** The canvas editor's template list, fetched once per visit (document 2 §4). */
export const videoTemplatesQueryOptions = queryOptions({
  queryKey: ['canvas-editor', 'video-templates', 'tryon'] as const,
  queryFn: async ({ signal }) => {
    try {
      return await api.post(
        '/video/templates',
        { type: 'tryon' },
        { parse: readVideoTemplates, signal },
      );
    } catch (error) {
      // Document 2 §8: an HTTP failure reads 'HTTP error! status: {code}'.
      if (isApiError(error) && error.status > 0) {
        throw new ApiError({
          status: error.status,
          code: error.code,
          message: `HTTP error! status: ${String(error.status)}`,
          cause: error,
        });
      }
      throw error;
    }
  },
  staleTime: Infinity,
});

export function useVideoTemplates() {
  return useQuery(videoTemplatesQueryOptions);
}
