import {
  GALLERY_SEARCH_MIN,
  GENERATION_TYPES,
  TOOL_DEFINITIONS,
  paginate,
  type GalleryItem,
  type PastGenerationsResponse,
} from '@studio/contract';
import type { Db } from '../../db/client';
import * as repo from './generations.repository';
import { fidelityOf } from '../fidelity/fidelity-answer';

/** Document 1 §5: the client sends fashion-extractor as fashion_extractor; unknown types mean all. */
export function galleryType(type: string): string | null {
  const normalised = type.trim().toLowerCase().replace(/_/g, '-');
  return GENERATION_TYPES.find((t) => t === normalised) ?? null;
}

/** Search applies from 2 characters (shorter means no search, as the client does). */
export function gallerySearch(search: string | undefined): string | null {
  const trimmed = search?.trim() ?? '';
  return trimmed.length >= GALLERY_SEARCH_MIN ? trimmed : null;
}

/**
 * The tools a search names: 'Background Removal', 'removal' or 'try-ons' find that tool's work
 * even when its prompt is empty, as the card shows the name. Matched against the tool's label,
 * its gallery label and its code, case-insensitively.
 */
export function typesMatchingSearch(search: string): string[] {
  const term = search.toLowerCase();
  return GENERATION_TYPES.filter((type) => {
    const { label, galleryLabel } = TOOL_DEFINITIONS[type];
    return [label, galleryLabel, type].some((name) => name.toLowerCase().includes(term));
  });
}

/*
 * Pagination totals are a count over a user's whole history (100k rows costs ~20 ms). A gallery
 * reloads them on every page turn, filter and search keystroke, so each process keeps them for a
 * few seconds: a total may lag a just-finished generation by that much, the items never do.
 */
const COUNT_TTL_MS = 5_000;
const COUNT_CACHE_MAX = 2_000;
const counts = new Map<string, { total: number; at: number }>();

async function cachedCount(db: Db, filter: repo.GalleryFilter): Promise<number> {
  const key = JSON.stringify([filter.userId, filter.type, filter.search]);
  const hit = counts.get(key);
  if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.total;
  const total = await repo.countGallery(db, filter);
  if (counts.size >= COUNT_CACHE_MAX) counts.clear();
  counts.set(key, { total, at: Date.now() });
  return total;
}

/** Drops a user's cached totals (this process saw their gallery change). */
export function forgetGalleryCounts(userId: string) {
  for (const key of counts.keys())
    if (key.startsWith(JSON.stringify([userId]).slice(0, -1))) counts.delete(key);
}

function toItem(row: repo.GenerationRow): GalleryItem {
  return {
    generationId: row.id,
    type: row.type,
    timestamp: (row.finishedAt ?? row.createdAt).toISOString(),
    prompt: row.prompt,
    styleName: row.styleName,
    numberOfImages: row.imageUrls.length,
    numberOfVideos: row.videoUrls.length,
    imageUrlList: row.imageUrls,
    videoUrlList: row.videoUrls,
    inputImageUrls: row.inputImageUrls,
    thumbnailUrl: row.thumbnailUrl,
    thumbhash: row.thumbhash,
    madeFrom: typeof row.settings.madeFrom === 'string' ? row.settings.madeFrom : null,
    fidelity: fidelityOf(row),
  };
}

/** `POST /gallery/past-generations`: one page of succeeded work, and the load as a page view. */
export async function pastGenerations(
  db: Db,
  userId: string,
  request: { page: number; limit: number; type: string; search?: string | undefined },
): Promise<Omit<PastGenerationsResponse, 'success'>> {
  const search = gallerySearch(request.search);
  const filter = {
    userId,
    type: galleryType(request.type),
    search,
    searchTypes: search === null ? [] : typesMatchingSearch(search),
  };
  const { page, limit } = request;
  const [totalItems, rows] = await Promise.all([
    cachedCount(db, filter),
    repo.galleryPage(db, filter, page, limit),
    repo.recordPageView(db, userId, 'gallery', {
      page,
      limit,
      type: filter.type ?? 'all',
      search: filter.search ?? 'none',
    }),
  ]);
  return {
    data: rows.map(toItem),
    pagination: paginate(page, limit, totalItems),
    message: totalItems === 0 ? 'No generations found' : 'Generations retrieved',
  };
}
