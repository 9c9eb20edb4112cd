import { useQuery } from '@tanstack/react-query';
import {
  generationQueryOptions,
  PreviewNote,
  ResultActions,
  ResultGrid,
} from '@/features/generations';
import { downloadName, type RunContext } from '../lib/pose-request';
import type { HandedOverResults } from '../lib/pose-draft';

/**
 * Up to four results plus '+N more' (the grid's own rule), each with Download, Create Video and
 * HD (document 2 §2).
 */
export function PoseResults({
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
        altText={(index) => (several ? `Generated pose ${String(index + 1)}` : 'Generated pose')}
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
 * A past run handed over by the gallery's View. Whether the offline engine made it is read from
 * the generation itself, so a preview stays labelled.
 */
export function PastPoses({
  results,
  videoAccess,
}: {
  results: HandedOverResults;
  videoAccess: 'open' | 'locked';
}) {
  const past = useQuery(generationQueryOptions(results.generationId));
  return (
    <PoseResults
      urls={results.urls}
      generationId={results.generationId}
      context={{ prompt: results.prompt, style: results.style }}
      previewNote={past.data?.previewNote ?? null}
      videoAccess={videoAccess}
    />
  );
}
