import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import type { FocusEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useRotation } from '../hooks/use-rotation';
import type { Slide } from '../lib/slides';

interface ShowcaseCarouselProps {
  label: string;
  slides: readonly Slide[];
  intervalMs: number;
  /** The page's largest first paint (the left slider): its first picture loads at once, first. */
  priority?: boolean;
  className?: string;
}

/**
 * An auto-rotating slide show in the WAI-ARIA carousel pattern: a labelled region, each slide a
 * group named "n of N", previous/next and a pause button. It waits while hovered or focused and
 * never turns by itself for users who prefer reduced motion. The slides are not a live region
 * while rotating (a screen reader would announce every turn); stepping by hand is announced.
 */
export function ShowcaseCarousel({
  label,
  slides,
  intervalMs,
  priority = false,
  className,
}: ShowcaseCarouselProps) {
  const rotation = useRotation(slides.length, intervalMs);
  const total = String(slides.length);
  // Focus moving between the carousel's own controls must not resume the rotation.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) rotation.setHeld(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={cn('flex flex-col gap-2', className)}
      onMouseEnter={() => {
        rotation.setHeld(true);
      }}
      onMouseLeave={() => {
        rotation.setHeld(false);
      }}
      onFocus={() => {
        rotation.setHeld(true);
      }}
      onBlur={onBlur}
    >
      <div
        aria-live={rotation.rotating ? 'off' : 'polite'}
        className="relative aspect-[4/3] overflow-hidden rounded-xl border border-border bg-muted"
      >
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${String(index + 1)} of ${total}`}
            hidden={index !== rotation.index}
            // The first slide paints as is (it is the page's largest picture); later turns fade in.
            className={cn('absolute inset-0', rotation.turned && 'motion-safe:animate-fade-in')}
          >
            <img
              src={slide.src}
              alt={slide.alt}
              width={slide.width}
              height={slide.height}
              // Hidden slides do not load until shown; only the page's first picture jumps the queue.
              loading={priority && index === 0 ? 'eager' : 'lazy'}
              fetchPriority={priority && index === 0 ? 'high' : 'auto'}
              decoding="async"
              className="size-full object-contain"
            />
          </div>
        ))}
      </div>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={rotation.toggleStopped}
          disabled={rotation.reducedMotion}
          aria-label={
            rotation.stopped || rotation.reducedMotion
              ? 'Start automatic slide show'
              : 'Stop automatic slide show'
          }
        >
          {rotation.stopped || rotation.reducedMotion ? (
            <Play aria-hidden="true" />
          ) : (
            <Pause aria-hidden="true" />
          )}
        </Button>
        <span aria-hidden="true" className="flex gap-1.5">
          {slides.map((slide, index) => (
            <span
              key={slide.id}
              className={cn(
                'size-1.5 rounded-full bg-border',
                index === rotation.index && 'bg-primary',
              )}
            />
          ))}
        </span>
        <span className="flex gap-1">
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={rotation.previous}
            aria-label="Previous slide"
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon-sm" onClick={rotation.next} aria-label="Next slide">
            <ChevronRight aria-hidden="true" />
          </Button>
        </span>
      </div>
    </section>
  );
}
