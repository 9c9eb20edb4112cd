import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { CHECKERBOARD_CLASS } from '../lib/checkerboard';
import { MAX_VISIBLE_RESULTS, moreLabel, splitResults } from '../lib/result-grid';

interface ResultGridProps {
  urls: readonly string[];
  /** Alternative text of the result at `index` (0-based). */
  altText?: (index: number) => string;
  max?: number;
  /** For outputs that may be transparent (background removal). */
  checkerboard?: boolean;
  /** Buttons under a result (Download, Upscale…). */
  renderActions?: (url: string, index: number) => ReactNode;
  className?: string;
}

/**
 * Generated images: at most four, then a '+N more' tile for the rest (document 2 §9); the full
 * set is in the gallery. One result takes the whole width.
 */
export function ResultGrid({
  urls,
  altText = (index) => `Result ${String(index + 1)}`,
  max = MAX_VISIBLE_RESULTS,
  checkerboard = false,
  renderActions,
  className,
}: ResultGridProps) {
  const { shown, hidden } = splitResults(urls, max);
  return (
    <ul
      aria-label="Results"
      className={cn(
        'grid gap-3',
        shown.length + (hidden > 0 ? 1 : 0) > 1 && 'sm:grid-cols-2',
        className,
      )}
    >
      {shown.map((url, index) => (
        <li key={`${url}-${String(index)}`} className="flex flex-col gap-2">
          <div
            className={cn(
              'overflow-hidden rounded-lg border border-border',
              checkerboard ? CHECKERBOARD_CLASS : 'bg-muted',
            )}
          >
            <img
              src={url}
              alt={altText(index)}
              className="mx-auto max-h-[36rem] w-full object-contain"
            />
          </div>
          {renderActions ? (
            <div className="flex flex-wrap gap-2">{renderActions(url, index)}</div>
          ) : null}
        </li>
      ))}
      {hidden > 0 ? (
        <li className="flex min-h-32 items-center justify-center rounded-lg border border-dashed border-border bg-muted/50 text-lg font-semibold text-muted-foreground">
          {moreLabel(hidden)}
        </li>
      ) : null}
    </ul>
  );
}
