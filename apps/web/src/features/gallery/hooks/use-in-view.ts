import { useEffect, useState } from 'react';

interface InViewOptions {
  rootMargin: string;
  /** The share of the element that must be in view; any part by default. */
  threshold?: number;
  /** Do not observe (e.g. a priority image that loads at once anyway). */
  skip?: boolean;
  /**
   * Latch at the first sight (true, the default: an image loaded once is never unloaded), or
   * follow the element as the page scrolls and the content around it grows.
   */
  once?: boolean;
}

/**
 * Whether the element is within `rootMargin` of the viewport. Without IntersectionObserver (old
 * browsers) everything counts as in view, so content loads at once instead of never.
 */
export function useInView<T extends Element>({
  rootMargin,
  threshold = 0,
  skip = false,
  once = true,
}: InViewOptions) {
  const [node, setNode] = useState<T | null>(null);
  const [inView, setInView] = useState(false);
  const supported = typeof IntersectionObserver === 'function';
  const latched = once && inView;

  useEffect(() => {
    if (skip || latched || !supported || node === null) return;
    // The first callback reports the current state even below the threshold; the tolerance
    // absorbs rounding at exactly the threshold.
    const visible = (entry: IntersectionObserverEntry) =>
      entry.isIntersecting && entry.intersectionRatio >= threshold * 0.99;
    const observer = new IntersectionObserver(
      (entries) => {
        if (once) {
          // Latched: the effect's cleanup then disconnects the observer.
          if (entries.some(visible)) setInView(true);
          return;
        }
        const latest = entries.at(-1);
        if (latest) setInView(visible(latest));
      },
      { rootMargin, threshold },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [node, skip, latched, once, supported, rootMargin, threshold]);

  return [setNode, inView || !supported] as const;
}
