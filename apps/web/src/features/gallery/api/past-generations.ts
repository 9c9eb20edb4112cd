import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GalleryItem, PastGenerationsResponse } from '@studio/contract';
import { api } from '@/lib/api-client';
import { isFiniteNumber, isRecord, isString, isStringArray } from '@/lib/guards';
import { toServerType, type GalleryQuery } from '../lib/gallery-query';
import { recordGalleryPageView } from '../lib/page-views';

/*
 * `POST /gallery/past-generations` (document 1 §7). The contract's zod schemas stay out of the
 * browser bundle, so the answer is checked here: a missing id or a broken envelope makes it
 * malformed (the page shows its error); optional details fall back to safe defaults.
 */

function fail(what: string): never {
  throw new Error(`Invalid gallery answer: ${what}`);
}

const urls = (value: unknown): string[] => (isStringArray(value) ? value : []);
const stringOrNull = (value: unknown): string | null =>
  isString(value) && value !== '' ? value : null;
const count = (value: unknown, fallback: number): number =>
  isFiniteNumber(value) && value >= 0 ? Math.floor(value) : fallback;

function parseItem(value: unknown): GalleryItem {
  if (!isRecord(value) || !isString(value.generationId) || !isString(value.type)) {
    fail('generation');
  }
  const imageUrlList = urls(value.imageUrlList);
  const videoUrlList = urls(value.videoUrlList);
  return {
    generationId: value.generationId,
    type: value.type,
    // Kept as sent: an unreadable date is shown as 'Invalid Date', never hidden (spec §2).
    timestamp: isString(value.timestamp) ? value.timestamp : '',
    prompt: isString(value.prompt) ? value.prompt : '',
    styleName: stringOrNull(value.styleName),
    numberOfImages: count(value.numberOfImages, imageUrlList.length),
    numberOfVideos: count(value.numberOfVideos, videoUrlList.length),
    imageUrlList,
    videoUrlList,
    inputImageUrls: urls(value.inputImageUrls),
    thumbnailUrl: stringOrNull(value.thumbnailUrl),
    thumbhash: stringOrNull(value.thumbhash),
  };
}

function parsePagination(value: unknown): PastGenerationsResponse['pagination'] {
  if (!isRecord(value)) fail('pagination');
  const page = count(value.page, 1);
  const totalPages = count(value.totalPages, 0);
  return {
    page,
    limit: count(value.limit, 0),
    totalItems: count(value.totalItems, 0),
    totalPages,
    hasNextPage: value.hasNextPage === true,
    hasPreviousPage: value.hasPreviousPage === true,
  };
}

export function parsePastGenerations(data: unknown): PastGenerationsResponse {
  if (!isRecord(data) || data.success !== true || !Array.isArray(data.data)) fail('envelope');
  return {
    success: true,
    data: data.data.map(parseItem),
    pagination: parsePagination(data.pagination),
    message: isString(data.message) ? data.message : '',
  };
}

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
        { parse: parsePastGenerations, signal },
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
