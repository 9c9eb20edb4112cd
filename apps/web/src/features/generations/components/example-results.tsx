import type { ToolExample } from '../hooks/use-image-upload';
import { resultColumns } from '../lib/result-grid';
import { PreviewNote, ResultGrid } from './deferred-results';

/**
 * An example's bundled results under the examples notice (document 2 §2 'Example Results'),
 * shown while it is the input. They are files of the app, not the user's media, so they have no
 * hand-offs: the canvas editor takes only stored images. Labelled like an engine preview, because
 * that is what they are.
 */
export function ExampleResults({
  example,
  note,
  noun,
}: {
  example: ToolExample & { resultUrls: readonly string[] };
  note: string;
  /** What one result is called in its alternative text ('scene': 'Example scene 2 for the …'). */
  noun: string;
}) {
  const several = example.resultUrls.length > 1;
  return (
    <div className="flex flex-col gap-3">
      <PreviewNote note={note} />
      <ResultGrid
        urls={example.resultUrls}
        altText={(index) =>
          several
            ? `Example ${noun} ${String(index + 1)} for the ${example.name}`
            : `Example ${noun} for the ${example.name}`
        }
        className={resultColumns(example.resultUrls.length)}
      />
    </div>
  );
}
