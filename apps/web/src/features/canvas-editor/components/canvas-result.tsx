import { ImagePlus, Sparkles } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DownloadButton } from '@/features/generations/components/download-button';
import { GenerationProgress } from '@/features/generations/components/generation-progress';
import { PreviewNote } from '@/features/generations/components/preview-note';
import { ResultGrid } from '@/features/generations/components/result-grid';
import {
  CANCELED_MESSAGE,
  type GenerationRun,
} from '@/features/generations/hooks/use-generation-run';
import type { CanvasTool } from '@/features/generations/lib/navigation-state';
import { formatSeconds } from '@/features/generations/lib/timer';
import { downloadName } from '../lib/canvas-messages';
import { VideoResult } from './video-result';

/** Outputs to show: a fresh generation's, or a past one handed over by another screen. */
export interface CanvasOutput {
  tool: CanvasTool;
  imageUrls: readonly string[];
  videoUrls: readonly string[];
  previewNote?: string | null;
}

function OutputView({
  output,
  onUseAsInput,
}: {
  output: CanvasOutput;
  onUseAsInput: (url: string) => void;
}) {
  const video = output.videoUrls[0];
  if (video) {
    const filename = downloadName('video', output.tool);
    return (
      <div className="flex flex-col gap-3">
        <VideoResult key={video} url={video} filename={filename} />
        <div className="flex flex-wrap gap-2">
          <DownloadButton url={video} filename={filename} />
        </div>
        <PreviewNote note={output.previewNote ?? null} />
      </div>
    );
  }
  const filename = downloadName('image', output.tool);
  const several = output.imageUrls.length > 1;
  return (
    <div className="flex flex-col gap-3">
      <ResultGrid
        urls={output.imageUrls}
        checkerboard={output.tool === 'background-removal'}
        altText={(index) =>
          several ? `Generated result ${String(index + 1)}` : 'Generated result'
        }
        renderActions={(url, index) => (
          <>
            <DownloadButton
              url={url}
              filename={filename}
              label={several ? `Download result ${String(index + 1)}` : 'Download'}
            />
            <Button
              variant="ghost"
              onClick={() => {
                onUseAsInput(url);
              }}
            >
              <ImagePlus aria-hidden="true" />
              {several ? `Use result ${String(index + 1)} as input` : 'Use as input'}
            </Button>
          </>
        )}
      />
      <PreviewNote note={output.previewNote ?? null} />
    </div>
  );
}

interface CanvasResultProps {
  run: GenerationRun<CanvasTool>;
  /** A past result handed over by another screen, shown until the first generation here. */
  preloaded: CanvasOutput | null;
  onUseAsInput: (url: string) => void;
}

const outcomeAnnouncements: Partial<Record<GenerationRun['phase'], string>> = {
  results: 'Generation finished',
  error: 'Generation failed',
  canceled: 'Generation canceled',
};

/**
 * The Generated Result panel: progress, the result with its download, or what went wrong. The
 * progress view's status line goes away when the run ends, so one polite live region that stays
 * in the panel says how it ended (a region added together with its text is often not read).
 */
export function CanvasResult(props: CanvasResultProps) {
  return (
    <>
      <p role="status" className="sr-only">
        {outcomeAnnouncements[props.run.phase] ?? ''}
      </p>
      <PanelContent {...props} />
    </>
  );
}

function PanelContent({ run, preloaded, onUseAsInput }: CanvasResultProps) {
  if (run.phase === 'generating') {
    return (
      <GenerationProgress
        generation={run.generation}
        onCancel={run.cancel}
        canceling={run.isCanceling}
        cancelFailed={run.cancelFailed}
      />
    );
  }
  if (run.phase === 'error') {
    return (
      <Alert variant="destructive" role="alert">
        {run.error}
      </Alert>
    );
  }
  if (run.phase === 'canceled') {
    return <Alert variant="info">{CANCELED_MESSAGE}</Alert>;
  }
  if (run.phase === 'results' && run.generation && run.context) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-xs text-muted-foreground">
          Finished in <span className="tabular-nums">{formatSeconds(run.elapsedMs)}</span>
        </p>
        <OutputView
          output={{
            tool: run.context,
            imageUrls: run.generation.imageUrls,
            videoUrls: run.generation.videoUrls,
            previewNote: run.generation.previewNote,
          }}
          onUseAsInput={onUseAsInput}
        />
      </div>
    );
  }
  if (preloaded) return <OutputView output={preloaded} onUseAsInput={onUseAsInput} />;
  return (
    <div className="flex min-h-52 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
      <Sparkles aria-hidden="true" className="size-6 text-brand-400" />
      Your result will appear here.
    </div>
  );
}
