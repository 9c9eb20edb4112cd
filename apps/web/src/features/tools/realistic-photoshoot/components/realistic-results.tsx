import { ToolResults, type HandedOverResults, type RunContext } from '@/features/generations';
import { downloadName, TOOL } from '../lib/realistic-request';

const altText = (index: number, several: boolean) =>
  several ? `Generated photo ${String(index + 1)}` : 'Generated photo';

/** RealisticResults: the kit's tool results under this screen's names (document 2 §2). */
export function RealisticResults({
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
  return (
    <ToolResults
      tool={TOOL}
      urls={urls}
      generationId={generationId}
      prompt={context.prompt}
      style={context.style}
      previewNote={previewNote}
      videoAccess={videoAccess}
      altText={altText}
      filename={downloadName}
      className="sm:grid-cols-2 xl:grid-cols-4"
    />
  );
}

/** A past run handed over by the gallery's View. */
export function PastRealisticResults({
  results,
  videoAccess,
}: {
  results: HandedOverResults;
  videoAccess: 'open' | 'locked';
}) {
  return (
    <RealisticResults
      urls={results.urls}
      generationId={results.generationId}
      context={{ prompt: results.prompt, style: results.style ?? '' }}
      previewNote={null}
      videoAccess={videoAccess}
    />
  );
}
