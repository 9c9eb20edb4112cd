import {
  PastToolResults,
  PreviewNote,
  ResultGrid,
  ToolResults,
  type HandedOverResults,
} from '@/features/generations';
import { downloadName, type RunContext } from '../lib/designer-request';
import { EXAMPLE_RESULTS_NOTE, type DesignerExample } from '../lib/examples';

/** Two results share a row from small screens up (the grid's own rule); more get four to a row. */
const gridClass = (count: number) => (count > 2 ? 'xl:grid-cols-4' : undefined);

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
      className={gridClass(urls.length)}
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
      className={gridClass(results.urls.length)}
    />
  );
}

/**
 * An example's bundled results, shown while it is the input (document 2 §2 'Example Results').
 * They are files of the app, not the user's media, so they have no hand-offs: the canvas editor
 * takes only stored images. Labelled like an engine preview, because that is what they are.
 */
export function ExampleResults({ example }: { example: DesignerExample }) {
  const several = example.resultUrls.length > 1;
  return (
    <div className="flex flex-col gap-3">
      <PreviewNote note={EXAMPLE_RESULTS_NOTE} />
      <ResultGrid
        urls={example.resultUrls}
        altText={(index) =>
          several
            ? `Example result ${String(index + 1)} for the ${example.name}`
            : `Example result for the ${example.name}`
        }
        className={gridClass(example.resultUrls.length)}
      />
    </div>
  );
}
