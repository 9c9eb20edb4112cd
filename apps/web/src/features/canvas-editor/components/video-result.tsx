import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { CANVAS_MESSAGES } from '../lib/canvas-messages';

/**
 * A generated video with its loading state and, when it cannot be played, the spec's failure
 * message and a direct download link (document 2 §4, §8). Mount with `key={url}` so a new
 * video starts in the loading state.
 */
export function VideoResult({ url, filename }: { url: string; filename: string }) {
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  if (state === 'error') {
    return (
      <Alert variant="destructive" role="alert">
        <p className="font-semibold">{CANVAS_MESSAGES.videoLoadFailed}</p>
        <p>{CANVAS_MESSAGES.videoLoadHint}</p>
        <a
          href={url}
          download={filename}
          className="mt-1 inline-block font-medium text-primary underline"
        >
          Download video
        </a>
      </Alert>
    );
  }

  return (
    <div className="relative overflow-hidden rounded-lg border border-border bg-black">
      <video
        src={url}
        controls
        playsInline
        preload="metadata"
        aria-label="Generated video"
        className="mx-auto max-h-[36rem] w-full"
        onLoadedMetadata={() => {
          setState('ready');
        }}
        onError={() => {
          setState('error');
        }}
      />
      {state === 'loading' ? (
        // Does not block the controls: if a browser never reports the metadata, the video still plays.
        <div
          role="status"
          className="pointer-events-none absolute inset-0 flex items-center justify-center gap-2 bg-black/60 text-sm font-medium text-white"
        >
          <Spinner className="size-5" />
          Loading video…
        </div>
      ) : null}
    </div>
  );
}
