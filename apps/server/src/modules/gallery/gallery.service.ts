import {
  GALLERY_SEARCH_MIN,
  GENERATION_TYPES,
  TOOL_DEFINITIONS,
  paginate,
  type GalleryItem,
  type PastGenerationsResponse,
} from '@studio/contract';
import { outputViewsOf } from '../generations/output-views';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import * as repo from './gallery.repository';
import type { PageViewLog } from './page-view-log';
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
 * Totals without a search come from the trigger-kept counters (one short index read, exact). A
 * search has no counter: its total is counted up to a cap that grows with the page asked for
 * (the gallery then shows a lower bound), and kept per process for a few seconds, as a search is
 * paged through; a total may lag a just-finished generation by that much, the items never do.
 */
const SEARCH_COUNT_CAP = 1_000;
const COUNT_TTL_MS = 5_000;
const COUNT_CACHE_MAX = 2_000;
const counts = new Map<string, { total: number; at: number }>();

const countKey = (filter: repo.GalleryFilter, cap: number) =>
  JSON.stringify([filter.userId, filter.type, filter.search, cap]);

function knownCount(filter: repo.GalleryFilter, cap: number): number | undefined {
  const hit = counts.get(countKey(filter, cap));
  return hit && Date.now() - hit.at < COUNT_TTL_MS ? hit.total : undefined;
}

function rememberCount(filter: repo.GalleryFilter, cap: number, total: number) {
  if (counts.size >= COUNT_CACHE_MAX) counts.clear();
  counts.set(countKey(filter, cap), { total, at: Date.now() });
}

async function searchCount(db: Db, filter: repo.GalleryFilter, cap: number): Promise<number> {
  const known = knownCount(filter, cap);
  if (known !== undefined) return known;
  const total = await repo.countGalleryCapped(db, filter, cap);
  rememberCount(filter, cap, total);
  return total;
}

/**
 * A search's page by number. Its total, when not known from the last few seconds, rides on the
 * page's own rows (one statement); only an empty page past the first asks for it apart, as an
 * empty first page means nothing matches.
 */
async function searchPageByNumber(
  db: Db,
  filter: repo.GalleryFilter,
  page: number,
  limit: number,
): Promise<{ rows: repo.GalleryRow[]; total: number }> {
  const cap = page * limit + SEARCH_COUNT_CAP;
  const known = knownCount(filter, cap);
  if (known !== undefined) {
    return { rows: (await repo.gallerySearchPage(db, filter, page, limit)).rows, total: known };
  }
  const found = await repo.gallerySearchPage(db, filter, page, limit, cap);
  const total = found.total ?? (page === 1 ? 0 : await repo.countGalleryCapped(db, filter, cap));
  rememberCount(filter, cap, total);
  return { rows: found.rows, total };
}

/** Drops a user's cached totals (this process saw their gallery change). */
export function forgetGalleryCounts(userId: string) {
  for (const key of counts.keys())
    if (key.startsWith(JSON.stringify([userId]).slice(0, -1))) counts.delete(key);
}

function toItem(row: repo.GalleryRow): GalleryItem {
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
    madeFrom: row.madeFrom,
    fidelity: fidelityOf(row),
    credentials: row.credentials,
    views: outputViewsOf(row),
    group: row.group && {
      id: row.group.id,
      kind: 'colourways',
      size: row.group.size,
      index: row.group.index,
    },
  };
}

/*
 * Start keys of deep pages this process walked to, per user and type, valid while the user's
 * activity version (ADR 032) stands still: any insert, finish or delete moves it, and with it
 * every offset. A jump at or past a remembered page walks only the difference (a jump back to a
 * page seen, or on from it, walks nothing), instead of tens of thousands of index entries.
 */
const REMEMBER_FROM = 1_200; // shorter walks cost less than the bookkeeping
const KEYS_PER_LIST = 64;
const startKeys = new LRUCache<string, { version: number; keys: Map<number, repo.RowKey> }>({
  max: 5_000,
});

/** A page reached by number past the near pages: one statement (repo.galleryJump). */
async function jump(db: Db, filter: repo.GalleryFilter, page: number, limit: number) {
  const skip = (page - 1) * limit;
  const list = JSON.stringify([filter.userId, filter.type]);
  const known = startKeys.get(list);
  let nearest: [number, repo.RowKey] | undefined;
  for (const entry of known?.keys ?? [])
    if (entry[0] <= skip && entry[0] > (nearest?.[0] ?? -1)) nearest = entry;
  const found = await repo.galleryJump(
    db,
    filter,
    skip,
    limit,
    known && nearest ? { version: known.version, skip: nearest[0], key: nearest[1] } : undefined,
  );
  if (!found) return { rows: [], total: undefined };
  // Pages in the older half are read from the oldest end: their keys are not worth keeping.
  if (skip * 2 <= found.total) {
    const keys = known?.version === found.version ? known.keys : new Map<number, repo.RowKey>();
    if (keys.size >= KEYS_PER_LIST) keys.clear();
    keys.set(skip, found.start);
    startKeys.set(list, { version: found.version, keys });
  }
  return { rows: found.rows, total: found.total };
}

/** A page without a search reached by number, with its total (none when the page is empty). */
async function pageByNumber(db: Db, filter: repo.GalleryFilter, page: number, limit: number) {
  const skip = (page - 1) * limit;
  if (skip >= REMEMBER_FROM) return jump(db, filter, page, limit);
  // The most common loads: a near page and its total in one round trip.
  return repo.galleryNearPage(db, filter, skip, limit);
}

/** `POST /gallery/past-generations`: one page of succeeded work, and the load as a page view. */
export async function pastGenerations(
  db: Db,
  views: PageViewLog,
  userId: string,
  request: {
    page: number;
    limit: number;
    type: string;
    search?: string | undefined;
    after?: string | undefined;
    before?: string | undefined;
  },
): Promise<Omit<PastGenerationsResponse, 'success'>> {
  const search = gallerySearch(request.search);
  const filter = {
    userId,
    type: galleryType(request.type),
    search,
    searchTypes: search === null ? [] : typesMatchingSearch(search),
  };
  const { page, limit } = request;
  // A page-by-page move names the card it moves from; a jump (or a stale card) walks by number.
  const from = request.after
    ? { after: request.after }
    : request.before && page > 1
      ? { before: request.before }
      : undefined;
  let totalItems: number;
  let rows: repo.GalleryRow[];
  if (search === null) {
    // A move from a card is one statement with its total; without a card (or from a stale one),
    // the page is reached by number. Only an empty page lacks its total.
    const moved = from && (await repo.galleryPageFrom(db, filter, from, limit));
    const found = moved ?? (await pageByNumber(db, filter, page, limit));
    rows = found.rows;
    totalItems = found.total ?? (await repo.countSucceeded(db, userId, filter.type));
  } else if (from) {
    const searchRows = async () => {
      const moved = await repo.galleryPageFrom(db, filter, from, limit);
      return moved ? moved.rows : (await repo.gallerySearchPage(db, filter, page, limit)).rows;
    };
    [totalItems, rows] = await Promise.all([
      searchCount(db, filter, page * limit + SEARCH_COUNT_CAP),
      searchRows(),
    ]);
  } else {
    ({ rows, total: totalItems } = await searchPageByNumber(db, filter, page, limit));
  }
  views.record(userId, 'gallery', {
    page,
    limit,
    type: filter.type ?? 'all',
    search: filter.search ?? 'none',
  });
  return {
    data: rows.map(toItem),
    pagination: paginate(page, limit, totalItems),
    message: totalItems === 0 ? 'No generations found' : 'Generations retrieved',
  };
}
