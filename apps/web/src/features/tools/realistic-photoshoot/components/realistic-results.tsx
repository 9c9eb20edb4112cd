import { ToolResults, type HandedOverResults } from '@/features/generations';
import { NAMING } from '../lib/realistic-request';

/** A past run handed over by the gallery's View. */
export function PastRealisticResults({
  results,
  videoAccess,
}: {
  results: HandedOverResults;
  videoAccess: 'open' | 'locked';
}) {
  const { columns, ...names } = NAMING;
  return (
    <ToolResults
      {...names}
      urls={results.urls}
      generationId={results.generationId}
      prompt={results.prompt}
      style={results.style ?? ''}
      previewNote={null}
      videoAccess={videoAccess}
      className={columns()}
    />
  );
}
