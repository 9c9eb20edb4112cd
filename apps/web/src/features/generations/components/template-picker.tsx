import { useState } from 'react';
import { ImageOff, Shuffle, X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { thumbnailOf } from '@/lib/media-url';
import { MAX_TEMPLATES_PER_RUN, type ModelTemplate } from '../lib/model-templates';

interface TemplatePickerProps {
  templates: readonly ModelTemplate[];
  selected: readonly ModelTemplate[];
  onToggle: (template: ModelTemplate) => void;
  loading: boolean;
  /** The list failed: 'Error loading templates' with this message; only the random entry is left. */
  error: string | null;
  disabled?: boolean;
  /** How many may be chosen (a try-on catalogue counts the user's own model photos too). */
  max?: number;
  /** The count line, when the screen words it otherwise ('2 of 4 models chosen'). */
  summary?: string;
}

function TemplatePicture({ template }: { template: ModelTemplate }) {
  const [broken, setBroken] = useState(false);
  if (template.imageUrl === null) {
    return (
      <span className="flex aspect-[9/16] w-full items-center justify-center rounded-md bg-brand-50 text-brand-600">
        <Shuffle aria-hidden="true" className="size-8" />
      </span>
    );
  }
  if (broken) {
    // Document 2 §8: a broken template image shows a placeholder, never a broken-image icon.
    return (
      <span className="flex aspect-[9/16] w-full flex-col items-center justify-center gap-1 rounded-md bg-muted text-xs text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-6" />
        Image unavailable
      </span>
    );
  }
  return (
    <img
      // Cards are ~150 px wide: the thumbnail, not the full catalog picture (LCP on phones).
      src={thumbnailOf(template.imageUrl)}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => {
        setBroken(true);
      }}
      className="aspect-[9/16] w-full rounded-md bg-muted object-cover"
    />
  );
}

/**
 * The model template grid (document 2 §2, §4): several may be chosen (one image each), a click on
 * a chosen one removes it, and chips above the grid remove them too. Checkboxes underneath, so
 * Space toggles and screen readers say 'checked'; the grid scrolls past 600 px.
 */
export function TemplatePicker({
  templates,
  selected,
  onToggle,
  loading,
  error,
  disabled = false,
  max = MAX_TEMPLATES_PER_RUN,
  summary,
}: TemplatePickerProps) {
  const chosen = new Set(selected.map((t) => t.id));
  const full = selected.length >= max;
  return (
    <section aria-labelledby="model-templates-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id="model-templates-title" className="text-sm font-medium">
          Model templates
        </h4>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {summary ?? `${String(selected.length)} of ${String(max)} chosen · one image each`}
        </p>
      </div>

      {selected.length > 0 ? (
        <ul aria-label="Chosen templates" className="flex flex-wrap gap-2">
          {selected.map((template) => (
            <li key={template.id}>
              <span className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-0.5 pr-0.5 pl-2.5 text-xs font-medium text-brand-800">
                {template.name}
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="size-6 rounded-full"
                  aria-label={`Remove ${template.name}`}
                  disabled={disabled}
                  onClick={() => {
                    onToggle(template);
                  }}
                >
                  <X aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}

      {error !== null ? (
        <Alert variant="destructive" role="alert">
          <p className="font-semibold">Error loading templates</p>
          <p>{error}</p>
        </Alert>
      ) : null}

      <ul
        aria-label="Templates"
        className="grid max-h-[600px] grid-cols-2 gap-3 overflow-y-auto p-0.5 sm:grid-cols-3"
      >
        {templates.map((template) => {
          const checked = chosen.has(template.id);
          const locked = disabled || (full && !checked);
          return (
            <li key={template.id}>
              <label
                className={cn(
                  'relative flex cursor-pointer flex-col gap-1.5 rounded-lg border p-1.5 transition-colors',
                  'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
                  checked
                    ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500/30'
                    : 'border-border bg-surface hover:border-brand-200',
                  locked && 'cursor-not-allowed',
                )}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={locked}
                  onChange={() => {
                    onToggle(template);
                  }}
                  aria-describedby={`template-${template.id}-note`}
                  className="absolute top-2.5 left-2.5 size-4 accent-brand-600"
                />
                <span className={cn(locked && 'opacity-60')}>
                  <TemplatePicture template={template} />
                </span>
                <span className="px-0.5 text-sm leading-tight font-medium">{template.name}</span>
                <span
                  id={`template-${template.id}-note`}
                  className="px-0.5 text-xs text-muted-foreground"
                >
                  {template.category}
                </span>
              </label>
            </li>
          );
        })}
        {loading
          ? [0, 1, 2].map((key) => (
              <li key={`loading-${String(key)}`} aria-hidden="true">
                <Skeleton className="aspect-[9/16] w-full" />
              </li>
            ))
          : null}
      </ul>
      {loading ? (
        <p role="status" className="sr-only">
          Loading templates…
        </p>
      ) : null}
      {full ? (
        <p className="text-xs text-muted-foreground">
          That is the most one photoshoot takes. Remove one to choose another.
        </p>
      ) : null}
    </section>
  );
}
