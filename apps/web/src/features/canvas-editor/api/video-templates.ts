import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoTemplate } from '@studio/contract';
import { api, ApiError, isApiError } from '@/lib/api-client';
import { isFiniteNumber, isRecord, isString } from '@/lib/guards';

/** Templates of a video (ids are numeric-like strings), ascending by id (document 2 §3). */
export function parseVideoTemplates(data: unknown): VideoTemplate[] {
  if (!isRecord(data) || data.success !== true || !Array.isArray(data.videoTemplates)) {
    throw new Error('Invalid video templates');
  }
  const templates: VideoTemplate[] = [];
  for (const item of data.videoTemplates) {
    if (!isRecord(item) || !isString(item.videoUrl)) continue;
    const id = isString(item.videoId) || isFiniteNumber(item.videoId) ? String(item.videoId) : '';
    if (id === '') continue;
    templates.push({
      videoId: id,
      videoUrl: item.videoUrl,
      thumbnailUrl: isString(item.thumbnailUrl) ? item.thumbnailUrl : '',
      duration: isFiniteNumber(item.duration) ? item.duration : 5,
      type: isString(item.type) ? item.type : 'tryon',
    });
  }
  return templates.sort(
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
        { parse: parseVideoTemplates, signal },
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
