import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Eye, ZoomIn } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import {
  DownloadButton,
  generationQueryOptions,
  PreviewNote,
  ResultGrid,
  type HandedOverResults,
} from '@/features/generations';
import { useIsPreviewTool } from '@/features/site';
import { downloadName, EXTRACTOR_MESSAGES, upscaleHandOff } from '../lib/extractor-request';

// Needed only after an Open Fullscreen click: a chunk of its own.
const FullscreenViewer = lazy(() => import('./fullscreen-viewer'));

const itemName = (several: boolean, index: number) =>
  several ? `Extracted item ${String(index + 1)}` : 'Extracted item';

/**
 * Extracted items, up to four and '+N more' (the kit's grid), each with Download, Open
 * Fullscreen and Upscale (document 2 §2). Upscale hands the item to the canvas editor's upscaler;
 * a labelled preview is not offered it, as it costs credits and would enlarge the preview (ADR 048).
 */
export function ExtractedItems({
  urls,
  generationId,
  prompt,
  previewNote,
}: {
  urls: readonly string[];
  generationId: string;
  prompt: string;
  previewNote: string | null;
}) {
  // The item shown full screen and the button that opened it (focus goes back to it on close).
  const [viewing, setViewing] = useState<{ index: number; opener: HTMLElement } | null>(null);
  const several = urls.length > 1;
  const shown = viewing === null ? undefined : urls[viewing.index];
  const linkClass = buttonVariants({ variant: 'outline' });
  const preview = useIsPreviewTool('fashion-extractor');

  return (
    <div className="flex flex-col gap-3">
      <PreviewNote note={previewNote} />
      <ResultGrid
        urls={urls}
        altText={(index) => itemName(several, index)}
        className={urls.length > 2 ? 'xl:grid-cols-4' : undefined}
        renderActions={(url, index) => {
          const of = several ? ` item ${String(index + 1)}` : '';
          return (
            <>
              <DownloadButton
                url={url}
                filename={downloadName(index)}
                label={several ? `Download${of}` : 'Download'}
              />
              <Button
                variant="outline"
                aria-label={`Open Fullscreen${of}`}
                onClick={(event) => {
                  setViewing({ index, opener: event.currentTarget });
                }}
              >
                <Eye aria-hidden="true" />
                Open Fullscreen
              </Button>
              {preview ? null : (
                <Link
                  to={paths.canvasEditor.path}
                  state={upscaleHandOff({ imageUrl: url, prompt, generationId })}
                  aria-label={`Upscale${of}`}
                  className={linkClass}
                >
                  <ZoomIn aria-hidden="true" />
                  Upscale
                </Link>
              )}
            </>
          );
        }}
      />
      {shown !== undefined && viewing !== null ? (
        <Suspense fallback={null}>
          <FullscreenViewer
            url={shown}
            alt={itemName(several, viewing.index)}
            returnFocus={viewing.opener}
            onClose={() => {
              setViewing(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * A past run handed over by the gallery's View. Its label is read from the generation itself: a
 * preview made by the offline engine stays labelled. Handed over without a prompt, it was made
 * with the default one.
 */
export function PastItems({ results }: { results: HandedOverResults }) {
  const past = useQuery(generationQueryOptions(results.generationId));
  return (
    <ExtractedItems
      urls={results.urls}
      generationId={results.generationId}
      prompt={results.prompt || EXTRACTOR_MESSAGES.defaultPrompt}
      previewNote={past.data?.previewNote ?? null}
    />
  );
}
