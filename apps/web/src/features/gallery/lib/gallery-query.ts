import {
  GALLERY_DEFAULT_LIMIT,
  GALLERY_PAGE_SIZES,
  GALLERY_SEARCH_MIN,
  GENERATION_TYPES,
  TOOL_DEFINITIONS,
  type GenerationType,
} from '@studio/contract/tools';

export type GalleryType = 'all' | GenerationType;

/**
 * The type filter in the spec's wording (document 1 §2 Gallery), one option per tool of the
 * contract's list, so the AI designer's results can be found too (ADR 015).
 */
export const GALLERY_TYPE_OPTIONS: readonly { value: GalleryType; label: string }[] = [
  { value: 'all', label: 'All Types' },
  ...GENERATION_TYPES.map((type) => ({ value: type, label: TOOL_DEFINITIONS[type].galleryLabel })),
];
export type GalleryPageSize = (typeof GALLERY_PAGE_SIZES)[number];

/** What the URL says the gallery shows; the URL is the only place this state lives. */
export interface GalleryQuery {
  type: GalleryType;
  /** The applied search ('' for none), never the text still being typed. */
  search: string;
  page: number;
  limit: GalleryPageSize;
}

export const DEFAULT_GALLERY_QUERY: GalleryQuery = {
  type: 'all',
  search: '',
  page: 1,
  limit: GALLERY_DEFAULT_LIMIT,
};

/** The server refuses longer searches (contract: `search` max 200) and later pages (page max 100 000). */
export const SEARCH_MAX_LENGTH = 200;
const MAX_PAGE = 100_000;

export function isGalleryType(value: unknown): value is GalleryType {
  return GALLERY_TYPE_OPTIONS.some((option) => option.value === value);
}

export function isGalleryPageSize(value: number): value is GalleryPageSize {
  return GALLERY_PAGE_SIZES.some((size) => size === value);
}

/** Integers as the spec's client read them ('2.5' is 2); anything below 1 or unreadable is the default. */
function parsePositiveInteger(value: string | null, fallback: number): number {
  if (value === null) return fallback;
  const parsed = Number.parseInt(value, 10);
  return Number.isSafeInteger(parsed) && parsed >= 1 ? parsed : fallback;
}

/** A search the server would ignore (under 2 characters) is no search at all. */
function parseSearch(value: string | null): string {
  const search = (value ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  return search.length >= GALLERY_SEARCH_MIN ? search : '';
}

/** Reads `?type=&search=&page=&limit=` leniently: a hand-edited or stale link never breaks the page. */
export function parseGalleryQuery(params: URLSearchParams): GalleryQuery {
  const type = params.get('type');
  const page = parsePositiveInteger(params.get('page'), DEFAULT_GALLERY_QUERY.page);
  const limit = parsePositiveInteger(params.get('limit'), DEFAULT_GALLERY_QUERY.limit);
  return {
    type: isGalleryType(type) ? type : DEFAULT_GALLERY_QUERY.type,
    search: parseSearch(params.get('search')),
    page: page > MAX_PAGE ? DEFAULT_GALLERY_QUERY.page : page,
    limit: isGalleryPageSize(limit) ? limit : DEFAULT_GALLERY_QUERY.limit,
  };
}

/** The URL form of a query: defaults are left out, so the plain gallery is just /gallery. */
export function toSearchParams(query: GalleryQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.type !== DEFAULT_GALLERY_QUERY.type) params.set('type', query.type);
  if (query.search !== '') params.set('search', query.search);
  if (query.page !== DEFAULT_GALLERY_QUERY.page) params.set('page', String(query.page));
  if (query.limit !== DEFAULT_GALLERY_QUERY.limit) params.set('limit', String(query.limit));
  return params;
}

/** The type as the server expects it (document 1 §5): fashion-extractor travels as fashion_extractor. */
export function toServerType(type: string): string {
  if (!isGalleryType(type)) return 'all';
  return type === 'fashion-extractor' ? 'fashion_extractor' : type;
}

/** Whether the list is narrowed by a type or a search (the empty state says so). */
export function isFiltered(query: Pick<GalleryQuery, 'type' | 'search'>): boolean {
  return query.type !== 'all' || query.search !== '';
}

/** A card's type label: the filter's wording; unknown types keep their raw name. */
export function typeLabel(type: string): string {
  const option = GALLERY_TYPE_OPTIONS.find((candidate) => candidate.value === type);
  return option && option.value !== 'all' ? option.label : type;
}
