import {
  PastToolResults,
  resultColumns,
  ToolResults,
  type HandedOverResults,
  type RunContext,
} from '@/features/generations';
import { downloadName } from '../lib/designer-request';

const altText = (index: number, several: boolean) =>
  several ? `Generated design ${String(index + 1)}` : 'Generated design';

/** DesignResults: the kit's tool results under this screen's names (document 2 §2). */
export function DesignResults({
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
      tool="ai-designer"
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
export function PastDesigns({
  results,
  videoAccess,
}: {
  results: HandedOverResults;
  videoAccess: 'open' | 'locked';
}) {
  return (
    <PastToolResults
      tool="ai-designer"
      results={results}
      videoAccess={videoAccess}
      altText={altText}
      filename={downloadName}
      className={resultColumns(results.urls.length)}
    />
  );
}
