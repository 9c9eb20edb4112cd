import { useId, useState } from 'react';
import { Check, Clapperboard, Pause, Play } from 'lucide-react';
import type { VideoTemplate } from '@studio/contract';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const typeLabels: Record<string, string> = { tryon: 'Try-on' };

interface TemplateCardProps {
  template: VideoTemplate;
  selected: boolean;
  /** A prompt is written: templates cannot be chosen (document 2 §4). */
  locked: boolean;
  playing: boolean;
  onToggle: () => void;
  onTogglePreview: () => void;
}

/**
 * One video template: its thumbnail (or, while previewing, the muted looping video), a preview
 * Play/Pause button, and the card itself as a toggle button named 'Template {id}'. The select
 * button stretches over the card, the preview button sits above it.
 */
export function TemplateCard({
  template,
  selected,
  locked,
  playing,
  onToggle,
  onTogglePreview,
}: TemplateCardProps) {
  const [brokenThumbnail, setBrokenThumbnail] = useState(false);
  const name = `Template ${template.videoId}`;
  const metaId = useId();

  return (
    <li
      className={cn(
        'relative flex flex-col overflow-hidden rounded-lg border bg-surface transition-colors',
        selected ? 'border-brand-500 ring-2 ring-brand-500/40' : 'border-border',
      )}
    >
      {/* Only the picture dims when locked: dimmed text would fall below 4.5:1 contrast. */}
      <div className={cn('relative aspect-[3/4] bg-muted', locked && 'opacity-50 grayscale')}>
        {playing ? (
          <video
            src={template.videoUrl}
            aria-label={`Preview of ${name}`}
            className="size-full object-cover"
            autoPlay
            loop
            muted
            playsInline
          />
        ) : template.thumbnailUrl && !brokenThumbnail ? (
          <img
            src={template.thumbnailUrl}
            alt=""
            loading="lazy"
            className="size-full object-cover"
            onError={() => {
              setBrokenThumbnail(true);
            }}
          />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground">
            <Clapperboard aria-hidden="true" className="size-8" />
          </div>
        )}
        {selected ? (
          <span className="absolute top-2 left-2 flex size-6 items-center justify-center rounded-full bg-brand-600 text-white">
            <Check aria-hidden="true" className="size-4" />
          </span>
        ) : null}
      </div>
      <button
        type="button"
        aria-pressed={selected}
        aria-describedby={metaId}
        disabled={locked}
        onClick={onToggle}
        className={cn(
          'px-3 pt-2 text-left text-sm font-medium outline-none',
          // Stretched over the whole card, so the thumbnail and the details select it too.
          'after:absolute after:inset-0 focus-visible:after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-ring',
          locked ? 'cursor-not-allowed' : 'cursor-pointer',
        )}
      >
        {name}
      </button>
      <p id={metaId} className="px-3 pb-2 text-xs text-muted-foreground">
        {template.duration} sec · {typeLabels[template.type] ?? template.type}
      </p>
      <Button
        variant="outline"
        size="icon-sm"
        aria-label={playing ? `Pause preview of ${name}` : `Play preview of ${name}`}
        className="absolute top-2 right-2 z-10 rounded-full bg-surface/90"
        onClick={onTogglePreview}
      >
        {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
      </Button>
    </li>
  );
}
