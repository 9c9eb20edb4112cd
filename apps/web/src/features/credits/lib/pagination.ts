/** Spec §2 and §9: credit history page sizes 5, 10, 20, 50; 10 by default. */
export const PAGE_SIZES = [5, 10, 20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

export function isPageSize(value: number): value is PageSize {
  return PAGE_SIZES.some((size) => size === value);
}

export interface Page<T> {
  items: T[];
  /** 1-based, clamped into range so a shrinking list never leaves an empty page. */
  page: number;
  totalPages: number;
  /** 1-based position of the first and last item shown; both 0 for an empty list. */
  from: number;
  to: number;
  total: number;
}

export function paginate<T>(items: readonly T[], page: number, pageSize: number): Page<T> {
  const total = items.length;
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page)), totalPages);
  const start = (current - 1) * pageSize;
  const pageItems = items.slice(start, start + pageSize);
  return {
    items: pageItems,
    page: current,
    totalPages,
    from: total === 0 ? 0 : start + 1,
    to: start + pageItems.length,
    total,
  };
}
