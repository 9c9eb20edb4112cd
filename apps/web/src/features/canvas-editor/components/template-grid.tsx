import { lazy, Suspense, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { VideoTemplate } from '@studio/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';

// The cards (preview video, play and choose) show only once the templates have arrived from the
// server, so their code loads alongside that request instead of on the page's first load (the
// editor's first load is at its 150 KiB budget). Fetching starts when this module is evaluated.
const loadTemplateCard = () => import('./template-card');
const TemplateCard = lazy(() => loadTemplateCard().then((m) => ({ default: m.TemplateCard })));
void loadTemplateCard().catch(() => undefined);

interface TemplateGridProps {
  templates: UseQueryResult<VideoTemplate[]>;
  selectedId: string | null;
  locked: boolean;
  onToggle: (template: VideoTemplate) => void;
  onClear: () => void;
}

/**
 * The video templates (document 2 §2): a scrollable grid at most 600 px tall, one preview
 * playing at a time, 'Clear' to unchoose, and 'Failed to load templates' with Retry.
 */
export function TemplateGrid({
  templates,
  selectedId,
  locked,
  onToggle,
  onClear,
}: TemplateGridProps) {
  const [playingId, setPlayingId] = useState<string | null>(null);

  return (
    <section aria-labelledby="video-templates-title" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h4 id="video-templates-title" className="text-sm font-medium">
          Video templates
        </h4>
        <Button variant="ghost" size="sm" disabled={selectedId === null} onClick={onClear}>
          Clear
        </Button>
      </div>
      {locked ? (
        <p className="text-xs text-muted-foreground">Clear the prompt to choose a template.</p>
      ) : null}
      {templates.isPending ? (
        <TemplatesLoading />
      ) : templates.isError ? (
        <Alert variant="destructive" role="alert">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <p className="font-semibold">Failed to load templates</p>
              <p>{getErrorMessage(templates.error)}</p>
            </div>
            <Button
              variant="outline"
              size="sm"
              loading={templates.isFetching}
              onClick={() => {
                void templates.refetch();
              }}
            >
              Retry
            </Button>
          </div>
        </Alert>
      ) : templates.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No templates available yet.</p>
      ) : (
        <Suspense fallback={<TemplatesLoading />}>
          <ul className="grid max-h-[600px] grid-cols-2 gap-3 overflow-y-auto p-0.5">
            {templates.data.map((template) => (
              <TemplateCard
                key={template.videoId}
                template={template}
                selected={template.videoId === selectedId}
                locked={locked}
                playing={template.videoId === playingId}
                onToggle={() => {
                  onToggle(template);
                }}
                onTogglePreview={() => {
                  setPlayingId((current) =>
                    current === template.videoId ? null : template.videoId,
                  );
                }}
              />
            ))}
          </ul>
        </Suspense>
      )}
    </section>
  );
}

function TemplatesLoading() {
  return (
    <div role="status" className="grid grid-cols-2 gap-3">
      <span className="sr-only">Loading templates…</span>
      {[0, 1].map((key) => (
        <Skeleton key={key} className="aspect-[3/4]" />
      ))}
    </div>
  );
}
