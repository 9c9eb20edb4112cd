import {
  PastToolResults,
  ToolResults,
  type HandedOverResults,
  resultColumns,
  type RunContext,
} from '@/features/generations';
import { downloadName } from '../lib/photoshoot-request';

const altText = (index: number, several: boolean) =>
  several ? `Product scene ${String(index + 1)}` : 'Product scene';

/** PhotoshootResults: the kit's tool results under this screen's names (document 2 §2). */
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
  return (
    <ToolResults
      tool="photoshoot"
      urls={urls}
      generationId={generationId}
      prompt={context.prompt}
      style={context.style}
      previewNote={previewNote}
      videoAccess={videoAccess}
      altText={altText}
      filename={downloadName}
      className={resultColumns(urls.length)}
    />
  );
}

/** A past run handed over by the gallery's View, labelled as its generation says. */
export function PastPhotoshoot({
  results,
  videoAccess,
}: {
  results: HandedOverResults;
  videoAccess: 'open' | 'locked';
}) {
  return (
    <PastToolResults
      tool="photoshoot"
      results={results}
      videoAccess={videoAccess}
      altText={altText}
      filename={downloadName}
      className={resultColumns(results.urls.length)}
    />
  );
}
