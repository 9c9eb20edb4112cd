import { useEffect, useState } from 'react';
import type { PastGenerationsResponse } from '@studio/contract';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth';
import { usePastGenerations } from '../api/past-generations';
import { useDeferredDelete } from '../hooks/use-deferred-delete';
import { useGalleryQuery } from '../hooks/use-gallery-query';
import { useSearchInput } from '../hooks/use-search-input';
import { cardNames } from '../lib/card-display';
import { isFiltered, type GalleryQuery } from '../lib/gallery-query';
import { EMPTY_SELECTION, keepOnly, selectPage, toggleSelection } from '../lib/selection';
import { GalleryEmpty } from './gallery-empty';
import { GalleryGrid } from './gallery-grid';
import { GalleryPagination } from './gallery-pagination';
import { GalleryError, GallerySearching, GallerySkeletons } from './gallery-status';
import { GalleryToolbar } from './gallery-toolbar';
import { SelectionToolbar } from './selection-toolbar';
import { UndoDeleteNotice } from './undo-delete-notice';

type Pagination = PastGenerationsResponse['pagination'];

/**
 * The list a total belongs to: it carries over between pages and page sizes, never between
 * filters. The page size is left out so the pager (and the focused 'Items per page') stays put
 * while the resized page loads.
 */
const listKey = (query: GalleryQuery) => `${query.type}|${query.search}`;

/** What the pager shows: the item count, and the page count it makes at the current size. */
interface Totals {
  totalItems: number;
  totalPages: number;
}

/**
 * /gallery (document 1 §2 Gallery): every past generation of the user, searchable by prompt and
 * filterable by tool, a page at a time. The URL holds the filters and the page.
 */
export function GalleryPage() {
  const user = useCurrentUser();
  const { query, setType, setLimit, setPage, applySearch } = useGalleryQuery();
  const search = useSearchInput(query.search, applySearch);
  const result = usePastGenerations(user?.id ?? null, query);
  const data = result.data;
  const removal = useDeferredDelete();
  // Cards waiting in the undo window (or being deleted) are hidden at once.
  const items = data?.data.filter((item) => !removal.hidden.has(item.generationId)) ?? [];
  const pageIds = items.map((item) => item.generationId);

  // The selection belongs to the page on screen: cards that leave it leave the selection.
  const [selection, setSelection] = useState(EMPTY_SELECTION);
  const kept = keepOnly(selection, pageIds);
  if (kept !== selection) setSelection(kept);
  const selected = pageIds.filter((id) => selection.ids.has(id));
  const packItems = items
    .filter((item) => selection.ids.has(item.generationId) && item.imageUrlList.length > 0)
    .map((item) => ({ generationId: item.generationId, label: cardNames(item).name }));

  // The pager stays in place while the next page loads, with the totals it last had.
  const [known, setKnown] = useState<{ key: string; pagination: Pagination } | null>(null);
  if (data && known?.pagination !== data.pagination) {
    setKnown({ key: listKey(query), pagination: data.pagination });
  }
  let totals: Totals | null = data?.pagination ?? null;
  if (!totals && known?.key === listKey(query)) {
    const { totalItems } = known.pagination;
    totals = { totalItems, totalPages: Math.ceil(totalItems / query.limit) };
  }
  // Cards deleted (in their undo window, or on their way to the server) leave the total at once:
  // it counts what the user sees, not what the server will hear about in a few seconds.
  const leaving = (data?.data.length ?? 0) - items.length;
  if (totals && leaving > 0) {
    totals = { ...totals, totalItems: Math.max(0, totals.totalItems - leaving) };
  }

  // A page past the end (a stale link, or items gone since): show the last page instead.
  const lastPage = data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (lastPage > 0 && query.page > lastPage) setPage(lastPage, true);
  }, [lastPage, query.page, setPage]);

  const changePage = (page: number) => {
    setPage(page);
    window.scrollTo({ top: 0 });
  };

  // A background refetch that fails keeps the list it had, with the error above it.
  const failed = result.isError && !result.isFetching;
  const pastTheEnd = data !== undefined && lastPage > 0 && query.page > lastPage;

  let body;
  let showPager = false;
  if (search.searching) {
    body = <GallerySearching />;
  } else if (user === null) {
    // The route is guarded; without a user there is nothing to load (spec §4), so no spinner.
    body = <GalleryEmpty filtered={false} />;
  } else if (!data && failed) {
    body = null;
  } else if (!data || pastTheEnd) {
    // Also while a failed load is retried: the error is cleared when the new fetch starts.
    body = <GallerySkeletons count={query.limit} />;
    showPager = (totals?.totalItems ?? 0) > 0;
  } else if (items.length === 0) {
    body = <GalleryEmpty filtered={isFiltered(query)} />;
  } else {
    body = (
      <>
        <SelectionToolbar
          selected={selected}
          packItems={packItems}
          pageCount={pageIds.length}
          onSelectPage={() => {
            setSelection((current) => selectPage(current, pageIds));
          }}
          onClear={() => {
            setSelection(EMPTY_SELECTION);
          }}
          onDelete={(ids) => {
            removal.remove(ids);
            setSelection(EMPTY_SELECTION);
          }}
        />
        <GalleryGrid
          items={items}
          selected={selection.ids}
          onSelect={(id, range) => {
            setSelection((current) => toggleSelection(current, id, range, pageIds));
          }}
        />
      </>
    );
    showPager = true;
  }

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight">{paths.gallery.title}</h2>
        <p className="text-sm text-muted-foreground">
          Everything you have generated: download it, share it or open it again in its tool.
        </p>
      </div>
      <GalleryToolbar search={search} type={query.type} onTypeChange={setType} />
      {failed && !search.searching ? (
        <GalleryError
          error={result.error}
          onRetry={() => {
            void result.refetch();
          }}
        />
      ) : null}
      {removal.waiting ? (
        <UndoDeleteNotice count={removal.waiting.length} onUndo={removal.undo} />
      ) : null}
      {body}
      {showPager && totals ? (
        <GalleryPagination
          page={query.page}
          totalPages={Math.max(totals.totalPages, 1)}
          totalItems={totals.totalItems}
          limit={query.limit}
          onPageChange={changePage}
          onLimitChange={setLimit}
        />
      ) : null}
    </div>
  );
}
