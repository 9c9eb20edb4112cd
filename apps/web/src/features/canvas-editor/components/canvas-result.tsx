import { ImagePlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DownloadButton, PreviewNote, ResultGrid, ResultPanel } from '@/features/generations';
import type { GenerationRun, CanvasTool } from '@/features/generations';
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

/** The Generated Result panel: the kit's result panel with the editor's image or video view. */
export function CanvasResult({ run, preloaded, onUseAsInput }: CanvasResultProps) {
  return (
    <ResultPanel
      run={run}
      renderResult={(generation, tool) => (
        <OutputView
          output={{
            tool,
            imageUrls: generation.imageUrls,
            videoUrls: generation.videoUrls,
            previewNote: generation.previewNote,
          }}
          onUseAsInput={onUseAsInput}
        />
      )}
      idle={preloaded ? <OutputView output={preloaded} onUseAsInput={onUseAsInput} /> : null}
    />
  );
}
