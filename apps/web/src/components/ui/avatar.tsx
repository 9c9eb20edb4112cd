import { useState } from 'react';
import { UserRound } from 'lucide-react';
import { cn } from '@/lib/cn';

interface AvatarProps {
  src: string | null | undefined;
  /** Empty when the name is shown next to the avatar (the image would only repeat it). */
  alt?: string;
  className?: string;
}

/** A round user picture that falls back to a generic user icon when missing or broken. */
export function Avatar({ src, alt = '', className }: AvatarProps) {
  // Remember which URL failed, so a new URL (after a profile change) is tried again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && src !== failedSrc;

  return (
    <span
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-brand-700',
        className,
      )}
    >
      {showImage && src ? (
        <img
          src={src}
          alt={alt}
          // Google profile pictures refuse hot-linking with a referrer.
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => {
            setFailedSrc(src);
          }}
        />
      ) : (
        <UserRound
          role={alt ? 'img' : undefined}
          aria-label={alt || undefined}
          aria-hidden={alt ? undefined : true}
          className="size-[55%]"
        />
      )}
    </span>
  );
}
