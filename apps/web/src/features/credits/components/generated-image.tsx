import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import { safeMediaUrl } from '@/lib/media-url';

const frame =
  'flex aspect-square w-full items-center justify-center overflow-hidden rounded-md border border-border bg-muted';

/**
 * A generated image thumbnail linking to the full image, shown whole (never cropped: ADR 025). Stored images can disappear or be
 * unsafe; both show 'Image unavailable' (spec §2) instead of a broken-image icon.
 */
export function GeneratedImage({ url, alt }: { url: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  const src = safeMediaUrl(url);

  if (!src || failed) {
    return (
      <div className={`${frame} flex-col gap-1 p-2 text-center text-xs text-muted-foreground`}>
        <ImageOff aria-hidden="true" className="size-5" />
        Image unavailable
      </div>
    );
  }

  return (
    <a href={src} target="_blank" rel="noopener noreferrer" className={frame}>
      <img
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        className="size-full object-contain"
        onError={() => {
          setFailed(true);
        }}
      />
    </a>
  );
}
