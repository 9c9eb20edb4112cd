import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, paginate, type PageSize } from '../lib/pagination';

/**
 * Paging for a client-side list. The page belongs to a `resetKey` (the current filters): when
 * the key changes the list starts again at page 1, without an effect or a remount, and the
 * chosen page size is kept.
 */
export function usePagination<T>(items: readonly T[], resetKey: string) {
  const [pageSize, setPageSizeState] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [position, setPosition] = useState({ key: resetKey, page: 1 });
  const requested = position.key === resetKey ? position.page : 1;
  const page = paginate(items, requested, pageSize);

  return {
    ...page,
    pageSize,
    setPage: (next: number) => {
      setPosition({ key: resetKey, page: next });
    },
    setPageSize: (size: PageSize) => {
      setPageSizeState(size);
      setPosition({ key: resetKey, page: 1 });
    },
  };
}
