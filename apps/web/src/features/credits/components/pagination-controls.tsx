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
  totalPages: number;
  from: number;
  to: number;
  total: number;
  pageSize: PageSize;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: PageSize) => void;
}

/** Rows per page (5, 10, 20, 50) and Previous/Next under a history table. */
export function PaginationControls({
  label,
  page,
  totalPages,
  from,
  to,
  total,
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
        Showing {from}–{to} of {total}
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
          Page {page} of {totalPages}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= totalPages}
          onClick={() => {
            onPageChange(page + 1);
          }}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
