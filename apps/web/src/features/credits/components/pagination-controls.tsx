import { useId } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { isPageSize, PAGE_SIZES, type PageSize } from '../lib/pagination';

interface PaginationControlsProps {
  /** Names the navigation landmark, e.g. 'Purchase history pages'. */
  label: string;
  page: number;
  /** Null when the list is paged by the server and its length is not known (ADR 044). */
  totalPages: number | null;
  from: number;
  to: number;
  total: number | null;
  /** Whether a page follows, when totalPages is not known. */
  hasNextPage?: boolean;
  /** The next page is on its way. */
  loadingNext?: boolean;
  pageSize: PageSize;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: PageSize) => void;
}

/**
 * Rows per page (5, 10, 20, 50) and Previous/Next under a history table; for a list the server
 * pages, without the total and the page count it does not know.
 */
export function PaginationControls({
  label,
  page,
  totalPages,
  from,
  to,
  total,
  hasNextPage = false,
  loadingNext = false,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: PaginationControlsProps) {
  const sizeId = useId();
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 border-t border-border pt-4 text-sm"
    >
      <div className="flex items-center gap-3">
        <Label htmlFor={sizeId} className="font-normal whitespace-nowrap text-muted-foreground">
          Rows per page
        </Label>
        <NativeSelect
          id={sizeId}
          className="w-20"
          value={String(pageSize)}
          onChange={(event) => {
            const size = Number(event.target.value);
            if (isPageSize(size)) onPageSizeChange(size);
          }}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={String(size)}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </div>
      <p className="whitespace-nowrap text-muted-foreground" aria-live="polite">
        Showing {from}–{to}
        {total === null ? '' : ` of ${String(total)}`}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => {
            onPageChange(page - 1);
          }}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <span className="px-1 whitespace-nowrap text-muted-foreground">
          Page {page}
          {totalPages === null ? '' : ` of ${String(totalPages)}`}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={totalPages === null ? !hasNextPage || loadingNext : page >= totalPages}
          onClick={() => {
            onPageChange(page + 1);
          }}
        >
          {loadingNext ? 'Loading…' : 'Next'}
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
