/** Spec §2 and §9: credit history page sizes 5, 10, 20, 50; 10 by default. */
export const PAGE_SIZES = [5, 10, 20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

export function isPageSize(value: number): value is PageSize {
  return PAGE_SIZES.some((size) => size === value);
}
