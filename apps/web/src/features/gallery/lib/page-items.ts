export type PageItem = number | 'ellipsis';

/**
 * The numbered buttons of the pager (document 1 §2): the first and last page, the current page
 * and its neighbours, and an ellipsis wherever pages are skipped.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  const shown = [...new Set([1, page - 1, page, page + 1, total])]
    .filter((candidate) => candidate >= 1 && candidate <= total)
    .sort((a, b) => a - b);

  const items: PageItem[] = [];
  let previous = 0;
  for (const number of shown) {
    if (number - previous > 1) items.push('ellipsis');
    items.push(number);
    previous = number;
  }
  return items;
}
