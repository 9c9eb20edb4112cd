import { Alert } from '@/components/ui/alert';
import type { ToolExample } from '../hooks/use-image-upload';

export const EXAMPLE_NOTICE = 'This is an example image. Upload your own to customize.';

/** The example-mode notice (document 2 §4 Upload), shown while the input is a bundled example. */
export function ExampleNotice({ example }: { example: ToolExample | null }) {
  if (!example) return null;
  return (
    <Alert variant="info" role="note">
      {EXAMPLE_NOTICE}
    </Alert>
  );
}

/**
 * Bundled examples to start from (document 2 §4): offered only while no image is loaded, so an
 * example never replaces the user's own photo.
 */
export function ExamplePicker({
  examples,
  onChoose,
  hidden,
}: {
  examples: readonly ToolExample[];
  onChoose: (example: ToolExample) => void;
  /** An image is loaded (the user's or an example). */
  hidden: boolean;
}) {
  if (hidden || examples.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">Or try an example</p>
      <ul className="grid grid-cols-3 gap-2">
        {examples.map((example) => (
          <li key={example.name}>
            <button
              type="button"
              onClick={() => {
                onChoose(example);
              }}
              className="flex w-full flex-col items-center gap-1 rounded-lg border border-border p-1.5 text-xs font-medium hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <img
                src={example.imageUrl}
                alt=""
                loading="lazy"
                className="aspect-square w-full rounded-md bg-muted object-cover"
              />
              <span>Use example {example.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
