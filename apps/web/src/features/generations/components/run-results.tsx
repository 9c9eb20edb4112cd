import type { Generation } from '@studio/contract';
import type { HandedOverResults } from '../lib/handed-over';
import { resultColumns } from '../lib/result-grid';
import type { RunContext } from '../lib/tool-draft';
import { PastToolResults, ToolResults } from './deferred-results';
import type { ToolResultsProps } from './tool-results';

/** How a tool names its results: the tool, their alternative text and saved file names, the grid. */
export type ResultNaming = Pick<ToolResultsProps, 'tool' | 'altText' | 'filename'> & {
  /** The grid's column classes for this many results (default: four to a row from three up). */
  columns?: (count: number) => string | undefined;
};

/** A finished run's results under the tool's names, with the hand-offs the run was made with. */
export function RunResults({
  naming: { columns = resultColumns, ...names },
  generation,
  context,
  videoAccess,
}: {
  naming: ResultNaming;
  generation: Generation;
  context: RunContext;
  videoAccess: 'open' | 'locked';
}) {
  return (
    <ToolResults
      {...names}
      urls={generation.imageUrls}
      generationId={generation.id}
      prompt={context.prompt}
      style={context.style}
      previewNote={generation.previewNote}
      videoAccess={videoAccess}
      className={columns(generation.imageUrls.length)}
    />
  );
}

/** A past run handed over by the gallery's View, under the tool's names. */
export function HandedOverRunResults({
  naming: { columns = resultColumns, ...names },
  results,
  videoAccess,
}: {
  naming: ResultNaming;
  results: HandedOverResults;
  videoAccess: 'open' | 'locked';
}) {
  return (
    <PastToolResults
      {...names}
      results={results}
      videoAccess={videoAccess}
      className={columns(results.urls.length)}
    />
  );
}
