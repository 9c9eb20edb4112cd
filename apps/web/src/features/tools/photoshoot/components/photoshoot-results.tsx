import { useQuery } from '@tanstack/react-query';
import {
  generationQueryOptions,
  PreviewNote,
  ResultActions,
  ResultGrid,
} from '@/features/generations';
import { downloadName, type RunContext } from '../lib/photoshoot-request';
import type { HandedOverResults } from '../lib/photoshoot-draft';
import { EXAMPLE_RESULTS_NOTE, type PhotoshootExample } from '../lib/examples';

/** Two results share a row from small screens up (the grid's own rule); more get four to a row. */
const gridClass = (count: number) => (count > 2 ? 'xl:grid-cols-4' : undefined);

const altText = (several: boolean) => (index: number) =>
  several ? `Product scene ${String(index + 1)}` : 'Product scene';

/**
 * The scenes, at most 4 with '+N more' for the rest (document 2 §9), each with Download, Create
 * Video and HD (document 2 §2; Create Video works as on every other tool).
 */
export function PhotoshootResults({
  urls,
  generationId,
  context,
  previewNote,
  videoAccess,
}: {
  urls: readonly string[];
  generationId: string;
  context: RunContext;
  previewNote: string | null;
  videoAccess: 'open' | 'locked';
}) {
  const several = urls.length > 1;
  return (
    <div className="flex flex-col gap-3">
      <PreviewNote note={previewNote} />
      <ResultGrid
        urls={urls}
        altText={altText(several)}
        className={gridClass(urls.length)}
        renderActions={(url, index) => (
          <ResultActions
            url={url}
            filename={downloadName(index)}
            index={several ? index : null}
            generationId={generationId}
            prompt={context.prompt}
            style={context.style}
            videoAccess={videoAccess}
          />
        )}
      />
    </div>
  );
}

/**
 * A past run handed over by the gallery's View. The gallery does not say whether the offline
 * engine made it, so its label is read from the generation itself: a preview stays labelled.
 */
export function PastPhotoshoot({
  results,
  videoAccess,
}: {
  results: HandedOverResults;
  videoAccess: 'open' | 'locked';
}) {
  const past = useQuery(generationQueryOptions(results.generationId));
  return (
    <PhotoshootResults
      urls={results.urls}
      generationId={results.generationId}
      context={{ prompt: results.prompt, style: results.style }}
      previewNote={past.data?.previewNote ?? null}
      videoAccess={videoAccess}
    />
  );
}

/**
 * An example's bundled results with the examples notice (document 2 §2). They are files of the
 * app, not the user's media, so they have no hand-offs: the canvas editor takes only stored images.
 */
export function ExampleResults({ example }: { example: PhotoshootExample }) {
  const several = example.resultUrls.length > 1;
  return (
    <div className="flex flex-col gap-3">
      <PreviewNote note={EXAMPLE_RESULTS_NOTE} />
      <ResultGrid
        urls={example.resultUrls}
        altText={(index) =>
          several
            ? `Example scene ${String(index + 1)} for the ${example.name}`
            : `Example scene for the ${example.name}`
        }
        className={gridClass(example.resultUrls.length)}
      />
    </div>
  );
}
