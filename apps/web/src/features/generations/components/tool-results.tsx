import { useQuery } from '@tanstack/react-query';
import type { GenerationType } from '@studio/contract';
import { CredentialsDisclosure } from '@/features/provenance';
import { generationQueryOptions } from '../api/generation';
import type { HandedOverResults } from '../lib/handed-over';
import { PreviewNote } from './preview-note';
import { ResultActions } from './result-actions';
import { ResultGrid } from './result-grid';

export interface ToolResultsProps {
  urls: readonly string[];
  generationId: string;
  /** The tool that made it: a preview's results get no paid follow-up (ADR 048). */
  tool: GenerationType;
  /** What the run was made with: the hand-offs carry it to the canvas editor. */
  prompt: string;
  style?: string;
  /** The engine's label when it made a preview (never hidden). */
  previewNote: string | null;
  videoAccess: 'open' | 'locked';
  /** The result's alternative text; `several` when the run made more than one. */
  altText: (index: number, several: boolean) => string;
  /** The saved file's name ('ai-designer-1.jpg'). */
  filename: (index: number) => string;
  className?: string;
}

/**
 * A finished run's images (at most four plus '+N more'), each with Download, Create Video and HD
 * (document 2 §2), under the engine's preview label when there is one. Every tool screen's results.
 */
export function ToolResults({
  urls,
  generationId,
  tool,
  prompt,
  style,
  previewNote,
  videoAccess,
  altText,
  filename,
  className,
}: ToolResultsProps) {
  const several = urls.length > 1;
  return (
    <div className="flex flex-col gap-3">
      <PreviewNote note={previewNote} />
      <ResultGrid
        urls={urls}
        altText={(index) => altText(index, several)}
        className={className}
        generationId={generationId}
        filename={filename}
        renderActions={(url, index) => (
          <ResultActions
            url={url}
            filename={filename(index)}
            index={several ? index : null}
            generationId={generationId}
            tool={tool}
            prompt={prompt}
            style={style}
            videoAccess={videoAccess}
          />
        )}
      />
    </div>
  );
}

/**
 * A past run handed over by the gallery's View. The gallery does not say whether the offline
 * engine made it, so the label is read from the generation itself: a preview stays labelled.
 * Its content credentials come from the generation too, once it has been read.
 */
export function PastToolResults({
  results,
  ...props
}: Omit<ToolResultsProps, 'urls' | 'generationId' | 'prompt' | 'style' | 'previewNote'> & {
  results: HandedOverResults;
}) {
  const past = useQuery(generationQueryOptions(results.generationId));
  return (
    <div className="flex flex-col gap-3">
      <ToolResults
        {...props}
        urls={results.urls}
        generationId={results.generationId}
        prompt={results.prompt}
        style={results.style}
        previewNote={past.data?.previewNote ?? null}
      />
      {past.data ? (
        <CredentialsDisclosure
          credentials={past.data.credentials}
          tool={past.data.type}
          outputUrl={results.urls[0]}
        />
      ) : null}
    </div>
  );
}
