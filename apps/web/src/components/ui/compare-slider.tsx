import { useState, type SyntheticEvent } from 'react';
import { cn } from '@/lib/cn';

interface CompareSliderProps {
  before: string;
  after: string;
  beforeAlt: string;
  afterAlt: string;
  /** Reports the after image's own size once it has loaded. */
  onAfterLoad?: (event: SyntheticEvent<HTMLImageElement>) => void;
  className?: string;
}

/**
 * Before and after in one frame: the original on the left of a divider, the result on its right.
 * The divider is a native range input stretched over the pictures (invisible, so drag anywhere),
 * which gives keyboard use for free: arrow keys move it by 1 %, Page Up/Down by 10 %, Home/End
 * show all of one side. The labels sit under the frame, never on the picture.
 */
export function CompareSlider({
  before,
  after,
  beforeAlt,
  afterAlt,
  onAfterLoad,
  className,
}: CompareSliderProps) {
  const [split, setSplit] = useState(50);
  return (
    <figure
      className={cn('flex max-h-full min-h-0 max-w-full flex-col items-center gap-2', className)}
    >
      {/* The result sets the frame's size; the original is laid exactly over it. */}
      <div className="relative min-h-0 max-w-full touch-pan-y">
        <img
          src={after}
          alt={afterAlt}
          onLoad={onAfterLoad}
          draggable={false}
          className="block max-h-[calc(100dvh-14rem)] max-w-full object-contain"
        />
        <img
          src={before}
          alt={beforeAlt}
          draggable={false}
          className="absolute inset-0 h-full w-full object-contain"
          style={{ clipPath: `inset(0 ${String(100 - split)}% 0 0)` }}
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.4)]"
          style={{ left: `${String(split)}%` }}
        />
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={split}
          aria-label="Original and result divider"
          aria-valuetext={`${String(split)}% original, ${String(100 - split)}% result`}
          onChange={(event) => {
            setSplit(Number(event.target.value));
          }}
          className="peer absolute inset-0 h-full w-full cursor-ew-resize appearance-none opacity-0"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 rounded-sm ring-white/80 peer-focus-visible:ring-2"
        />
      </div>
      <figcaption className="flex w-full justify-between gap-4 text-xs text-current/80">
        <span>◀ Original</span>
        <span>Result ▶</span>
      </figcaption>
    </figure>
  );
}
