import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Maximize2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { generationQueryOptions } from '../api/generation';
import { CHECKERBOARD_CLASS } from '../lib/checkerboard';
import { formatResolution } from '../lib/format-bytes';
import { MAX_VISIBLE_RESULTS, moreLabel, splitResults } from '../lib/result-grid';
import { ResultViewer } from './result-viewer';

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
  /** The run the results came from: the viewer compares against its first input. */
  generationId?: string;
  /** The input to compare against, when the page has it (else read from the run). */
  beforeUrl?: string | null;
  /** The saved file's name of the result at `index`, for the viewer's Download. */
  filename?: (index: number) => string;
}

/** The input a run was made from, read once the viewer opens (from the cache after a run). */
function useBeforeUrl(generationId: string | undefined, given: string | null | undefined) {
  const query = useQuery({
    ...generationQueryOptions(generationId ?? ''),
    enabled: given === undefined && generationId !== undefined,
  });
  if (given !== undefined) return given;
  return query.data?.inputImageUrls[0] ?? null;
}

/**
 * Generated images: at most four, then a '+N more' tile for the rest (document 2 §9); the full
 * set is in the gallery. One result takes the whole width. Each says its size in pixels, and
 * opens in the result viewer (View, or a click on the picture) with every result of the run.
 */
export function ResultGrid({
  urls,
  altText = (index) => `Result ${String(index + 1)}`,
  max = MAX_VISIBLE_RESULTS,
  checkerboard = false,
  renderActions,
  className,
  generationId,
  beforeUrl,
  filename = (index) => `result-${String(index + 1)}.jpg`,
}: ResultGridProps) {
  const { shown, hidden } = splitResults(urls, max);
  const [viewing, setViewing] = useState<number | null>(null);
  const [sizes, setSizes] = useState<Record<string, string>>({});
  const before = useBeforeUrl(viewing === null ? undefined : generationId, beforeUrl);
  const measure = (url: string) => (event: SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
    if (width > 0 && height > 0) {
      setSizes((current) => ({ ...current, [url]: formatResolution(width, height) }));
    }
  };
  return (
    <>
      <ul
        aria-label="Results"
        className={cn(
          'grid gap-3',
          shown.length + (hidden > 0 ? 1 : 0) > 1 && 'sm:grid-cols-2',
          className,
        )}
      >
        {shown.map((url, index) => (
          <li key={`${url}-${String(index)}`} className="flex min-w-0 flex-col gap-2">
            <div
              className={cn(
                'overflow-hidden rounded-lg border border-border',
                checkerboard ? CHECKERBOARD_CLASS : 'bg-muted',
              )}
            >
              {/* The View button is the keyboard's way in; the picture is a larger target. */}
              <img
                src={url}
                alt={altText(index)}
                onLoad={measure(url)}
                onClick={() => {
                  setViewing(index);
                }}
                className="mx-auto max-h-[36rem] w-full cursor-zoom-in object-contain"
              />
            </div>
            {sizes[url] !== undefined ? (
              <p className="text-xs text-muted-foreground">{sizes[url]}</p>
            ) : null}
            <div className="flex min-w-0 flex-wrap gap-2 *:max-w-full">
              <Button
                variant="outline"
                aria-label={`View ${altText(index)}`}
                onClick={() => {
                  setViewing(index);
                }}
              >
                <Maximize2 aria-hidden="true" />
                View
              </Button>
              {renderActions?.(url, index)}
            </div>
          </li>
        ))}
        {hidden > 0 ? (
          <li className="flex min-h-32">
            <button
              type="button"
              aria-label={`${moreLabel(hidden)}: view them`}
              onClick={() => {
                setViewing(shown.length);
              }}
              className="flex flex-1 items-center justify-center rounded-lg border border-dashed border-border bg-muted/50 text-lg font-semibold text-muted-foreground hover:bg-muted"
            >
              {moreLabel(hidden)}
            </button>
          </li>
        ) : null}
      </ul>
      <ResultViewer
        items={urls.map((url, index) => ({
          url,
          name: altText(index),
          filename: filename(index),
          beforeUrl: before,
        }))}
        index={viewing}
        onIndexChange={setViewing}
        onClose={() => {
          setViewing(null);
        }}
      />
    </>
  );
}
