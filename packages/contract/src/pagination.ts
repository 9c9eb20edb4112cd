// Page maths of paginated lists, plain (no zod) so the browser's test fakes can import it:
// `import { paginate } from '@studio/contract/pagination'`.
import type { Pagination } from './responses/index';

/** The `pagination` block of a list answer: page `page` of `totalItems` items, `limit` per page. */
export function paginate(page: number, limit: number, totalItems: number): Pagination {
  const totalPages = Math.ceil(totalItems / limit);
  return {
    page,
    limit,
    totalItems,
    totalPages,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}
