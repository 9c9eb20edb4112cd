import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  parseGalleryQuery,
  toSearchParams,
  type GalleryPageSize,
  type GalleryQuery,
  type GalleryType,
} from '../lib/gallery-query';

/**
 * The gallery's filters and page, read from and written to the URL (document 1 §2), so links,
 * reloads and the back button all show the same list. Type, page size and page changes add a
 * history entry; an applied search replaces the current one, so Back does not replay keystrokes.
 */
export function useGalleryQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseGalleryQuery(params), [params]);

  const update = useCallback(
    (changes: Partial<GalleryQuery>, replace = false) => {
      // From the current URL, not this render's: a debounced search may land after other changes.
      setParams((current) => toSearchParams({ ...parseGalleryQuery(current), ...changes }), {
        replace,
      });
    },
    [setParams],
  );

  return {
    query,
    setType: useCallback(
      (type: GalleryType) => {
        update({ type, page: 1 });
      },
      [update],
    ),
    setLimit: useCallback(
      (limit: GalleryPageSize) => {
        update({ limit, page: 1 });
      },
      [update],
    ),
    setPage: useCallback(
      (page: number, replace = false) => {
        update({ page }, replace);
      },
      [update],
    ),
    applySearch: useCallback(
      (search: string) => {
        update({ search, page: 1 }, true);
      },
      [update],
    ),
  };
}
