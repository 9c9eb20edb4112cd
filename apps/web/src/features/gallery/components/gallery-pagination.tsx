import { useId } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { GALLERY_PAGE_SIZES } from '@studio/contract/tools';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { isGalleryPageSize, type GalleryPageSize } from '../lib/gallery-query';
import { pageItems } from '../lib/page-items';

interface GalleryPaginationProps {
  page: number;
  totalPages: number;
  totalItems: number;
  limit: GalleryPageSize;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: GalleryPageSize) => void;
}

/** Items per page, '{n} total items', Previous/Next and numbered pages (document 1 §2). */
export function GalleryPagination({
  page,
  totalPages,
  totalItems,
  limit,
  onPageChange,
  onLimitChange,
}: GalleryPaginationProps) {
  const sizeId = useId();
  return (
    <nav
      aria-label="Gallery pages"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 border-t border-border pt-4 text-sm"
    >
      <div className="flex items-center gap-3">
        <Label htmlFor={sizeId} className="font-normal whitespace-nowrap text-muted-foreground">
          Items per page
        </Label>
        <NativeSelect
          id={sizeId}
          className="w-20"
          value={String(limit)}
          onChange={(event) => {
            const size = Number(event.target.value);
            if (isGalleryPageSize(size)) onLimitChange(size);
          }}
        >
          {GALLERY_PAGE_SIZES.map((size) => (
            <option key={size} value={String(size)}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </div>
      <p className="whitespace-nowrap text-muted-foreground">
        {totalItems} total {totalItems === 1 ? 'item' : 'items'}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => {
            onPageChange(page - 1);
          }}
        >
          <ChevronLeft aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Previous</span>
        </Button>
        {pageItems(page, totalPages).map((item, index) =>
          item === 'ellipsis' ? (
            <span
              // Two ellipses can appear; their position tells them apart.
              key={`ellipsis-${String(index)}`}
              aria-hidden="true"
              className="px-1 text-muted-foreground"
            >
              …
            </span>
          ) : (
            <Button
              key={item}
              variant={item === page ? 'primary' : 'ghost'}
              size="sm"
              className="min-w-8 px-2"
              aria-label={`Page ${String(item)}`}
              aria-current={item === page ? 'page' : undefined}
              onClick={() => {
                if (item !== page) onPageChange(item);
              }}
            >
              {item}
            </Button>
          ),
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={page >= totalPages}
          onClick={() => {
            onPageChange(page + 1);
          }}
        >
          <span className="sr-only sm:not-sr-only">Next</span>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
