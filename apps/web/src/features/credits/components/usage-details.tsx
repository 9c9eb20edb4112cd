import type { GenerationHistoryItem } from '@studio/contract';
import { Video } from 'lucide-react';
import { formatCredits } from '@/lib/format';
import { safeMediaUrl } from '@/lib/media-url';
import type { UsageOutcome } from '../lib/usage-outcome';
import { GeneratedImage } from './generated-image';

/** Spec §2: the first 4 generated images are shown, the rest summed up as '+N more'. */
export const VISIBLE_IMAGE_COUNT = 4;

function Detail({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}

/** The expanded part of a usage row: counts, style, prompt, video links and image thumbnails. */
export function UsageDetails({
  item,
  outcome,
}: {
  item: GenerationHistoryItem;
  outcome: UsageOutcome;
}) {
  const { details } = item;
  const images = details.imageUrls.filter((url) => url.trim() !== '');
  const videos = details.videoUrls.filter((url) => url.trim() !== '');
  const hiddenImages = images.length - VISIBLE_IMAGE_COUNT;

  return (
    <div className="space-y-4 rounded-lg bg-muted/60 p-4 text-left text-sm">
      {outcome === 'failed' ? (
        <p className="text-muted-foreground">
          This generation produced no output, so its {formatCredits(item.credits_used)} were
          refunded.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 @xl:grid-cols-4">
        <Detail label="Images generated" value={details.numberOfImages} />
        <Detail label="Videos generated" value={details.numberOfVideos} />
        <Detail label="Style" value={details.styleName ?? 'None'} />
        <Detail label="Input images" value={details.inputImageUrls.length} />
      </dl>
      {item.prompt.trim() !== '' ? (
        <div>
          <p className="text-xs text-muted-foreground">Prompt</p>
          <p className="break-words whitespace-pre-line">{item.prompt}</p>
        </div>
      ) : null}
      {videos.length > 0 ? (
        <div className="space-y-1">
          <p className="text-xs text-muted-foreground">Generated videos</p>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {videos.map((url, index) => {
              const href = safeMediaUrl(url);
              const name = `Video ${index + 1}`;
              return (
                <li key={`${url}-${index}`}>
                  {href ? (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                    >
                      <Video aria-hidden="true" className="size-4" />
                      {name}
                    </a>
                  ) : (
                    <span className="text-muted-foreground">{name} (unavailable)</span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {images.length > 0 ? (
        <div className="space-y-2">
          <p className="text-xs text-muted-foreground">Generated images</p>
          <ul className="grid max-w-md grid-cols-2 gap-2 @sm:grid-cols-4">
            {images.slice(0, VISIBLE_IMAGE_COUNT).map((url, index) => (
              <li key={`${url}-${index}`}>
                <GeneratedImage url={url} alt={`Generated image ${index + 1}`} />
              </li>
            ))}
          </ul>
          {hiddenImages > 0 ? (
            <p className="text-xs font-medium text-muted-foreground">+{hiddenImages} more</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
