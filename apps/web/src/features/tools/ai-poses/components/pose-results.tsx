import {
  PastToolResults,
  ToolResults,
  type HandedOverResults,
  type RunContext,
} from '@/features/generations';
import { downloadName } from '../lib/pose-request';

const altText = (index: number, several: boolean) =>
  several ? `Generated pose ${String(index + 1)}` : 'Generated pose';

/**
 * Up to four results plus '+N more' (the grid's own rule), each with Download, Create Video and
 * HD (document 2 §2): the kit's tool results under this screen's names.
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
  return (
    <ToolResults
      tool="ai-poses"
      urls={urls}
      generationId={generationId}
      prompt={context.prompt}
      style={context.style}
      previewNote={previewNote}
      videoAccess={videoAccess}
      altText={altText}
      filename={downloadName}
    />
  );
}

/** A past run handed over by the gallery's View, labelled as its generation says. */
export function PastPoses({
  results,
  videoAccess,
}: {
  results: HandedOverResults;
  videoAccess: 'open' | 'locked';
}) {
  return (
    <PastToolResults
      tool="ai-poses"
      results={results}
      videoAccess={videoAccess}
      altText={altText}
      filename={downloadName}
    />
  );
}
