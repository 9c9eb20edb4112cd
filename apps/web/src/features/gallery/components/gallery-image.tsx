import { useEffect, useState } from 'react';
import { Film, ImageOff, Play } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { decodePreview, decodedPreview } from '../lib/thumbhash-url';
import { useInView } from '../hooks/use-in-view';

/** Document 1 §2: load once within 50 px of the viewport and 10 % visible; spinner after 800 ms. */
const LAZY_LOAD = { rootMargin: '50px', threshold: 0.1 } as const;
export const SLOW_IMAGE_MS = 800;
/** The server's thumbnails fit a 256 px square; the attributes let the browser reserve the box. */
const THUMBNAIL_SIZE = 256;

interface GalleryImageProps {
  /** The card image (the generation's thumbnail, or its first image); null when it has none. */
  src: string | null;
  thumbhash: string | null;
  alt: string;
  /** The first images of a page load at once with high priority (they are the page's LCP). */
  priority: boolean;
  /** Marks a video result with a play badge over its poster. */
  video: boolean;
}

/**
 * A card's square image. The whole picture is shown (contained, on a neutral backdrop), never a
 * centre crop: a full-length fashion shot keeps its head and feet (ADR 025). The square box is there from the first render, so nothing shifts when
 * the image arrives (CLS). Lazy images show a plain placeholder until they near the viewport,
 * then the ThumbHash preview, with the image fading in over it once loaded.
 */
export function GalleryImage({ src, thumbhash, alt, priority, video }: GalleryImageProps) {
  const [ref, inView] = useInView<HTMLDivElement>({ ...LAZY_LOAD, skip: priority });

  let content;
  if (src === null) {
    content = <Fallback icon={video ? Film : ImageOff} text={video ? 'Video' : 'No preview'} />;
  } else if (priority || inView) {
    // Keyed by source, so a new image starts over instead of inheriting the old one's state.
    content = (
      <LoadingImage key={src} src={src} thumbhash={thumbhash} alt={alt} priority={priority} />
    );
  } else {
    content = (
      <Skeleton data-testid="image-placeholder" className="absolute inset-0 rounded-none" />
    );
  }

  return (
    <div ref={ref} className="relative aspect-square w-full overflow-hidden bg-muted">
      {content}
      {video ? (
        <span className="pointer-events-none absolute right-2 bottom-2 flex size-8 items-center justify-center rounded-full bg-black/60 text-white">
          <Play aria-hidden="true" className="size-4 fill-current" />
        </span>
      ) : null}
    </div>
  );
}

type LoadStatus = 'loading' | 'loaded' | 'error';

function LoadingImage({
  src,
  thumbhash,
  alt,
  priority,
}: Pick<GalleryImageProps, 'thumbhash' | 'alt' | 'priority'> & { src: string }) {
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [slow, setSlow] = useState(false);
  const preview = usePreview(thumbhash, status === 'loading');

  useEffect(() => {
    if (status !== 'loading') return;
    const timer = setTimeout(() => {
      setSlow(true);
    }, SLOW_IMAGE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [status]);

  if (status === 'error') return <Fallback icon={ImageOff} text="Image unavailable" />;

  return (
    <>
      {/* Gone once the image is in: a cut-out's transparent pixels must not show the blur. */}
      {preview && status !== 'loaded' ? (
        <div
          aria-hidden="true"
          data-testid="image-preview"
          className="absolute inset-0 bg-contain bg-center bg-no-repeat blur-sm"
          style={{ backgroundImage: `url("${preview}")` }}
        />
      ) : null}
      <img
        src={src}
        alt={alt}
        width={THUMBNAIL_SIZE}
        height={THUMBNAIL_SIZE}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'auto' : 'async'}
        onLoad={() => {
          setStatus('loaded');
        }}
        onError={() => {
          setStatus('error');
        }}
        className={cn(
          'absolute inset-0 size-full object-contain',
          // Priority images paint as they arrive: an invisible image would delay the LCP.
          priority ? null : 'transition-opacity duration-300',
          priority || status === 'loaded' ? 'opacity-100' : 'opacity-0',
        )}
      />
      {slow && status === 'loading' ? (
        <span
          data-testid="image-spinner"
          className="absolute inset-0 flex items-center justify-center"
        >
          <Spinner className="size-6 text-muted-foreground" />
        </span>
      ) : null}
    </>
  );
}

/**
 * The blurred preview's data URL: decoded in a task of its own after the card has rendered, not in
 * the render. A ThumbHash decode is ~1–8 ms (up to ~30 on a throttled phone before the code is
 * optimised), so twelve of them in the render that shows a page of cards made its longest task
 * (issue 38). A hash decoded before is shown at once. Not decoded once the image is in.
 */
function usePreview(thumbhash: string | null, wanted: boolean): string | null {
  const known = thumbhash === null ? null : decodedPreview(thumbhash);
  const [decoded, setDecoded] = useState<{ hash: string; url: string | null } | null>(null);
  const pending = thumbhash !== null && known === undefined && decoded?.hash !== thumbhash;
  useEffect(() => {
    if (!pending || !wanted) return;
    const timer = setTimeout(() => {
      setDecoded({ hash: thumbhash, url: decodePreview(thumbhash) });
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [pending, wanted, thumbhash]);
  if (known !== undefined) return known;
  return decoded?.hash === thumbhash ? decoded.url : null;
}

function Fallback({ icon: Icon, text }: { icon: typeof ImageOff; text: string }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 p-2 text-center text-xs text-muted-foreground">
      <Icon aria-hidden="true" className="size-6" />
      {text}
    </div>
  );
}
