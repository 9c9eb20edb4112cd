import { useEffect, useState } from 'react';

interface InViewOptions {
  rootMargin: string;
  threshold: number;
  /** Do not observe (e.g. a priority image that loads at once anyway). */
  skip?: boolean;
}

/**
 * True once the element has come near the viewport (and stays true: an image loaded once is
 * never unloaded). Without IntersectionObserver (old browsers) everything counts as in view, so
 * content loads at once instead of never.
 */
export function useInView<T extends Element>({
  rootMargin,
  threshold,
  skip = false,
}: InViewOptions) {
  const [node, setNode] = useState<T | null>(null);
  const [inView, setInView] = useState(false);
  const supported = typeof IntersectionObserver === 'function';

  useEffect(() => {
    if (skip || inView || !supported || node === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // The first callback reports the current state even below the threshold; the tolerance
        // absorbs rounding at exactly the threshold.
        const visible = entries.some(
          (entry) => entry.isIntersecting && entry.intersectionRatio >= threshold * 0.99,
        );
        if (visible) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin, threshold },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [node, skip, inView, supported, rootMargin, threshold]);

  return [setNode, inView || !supported] as const;
}

/**
 * Whether the element is within `rootMargin` of the viewport now, following it as the page scrolls
 * and the content around it grows. Without IntersectionObserver, always.
 */
export function useNearViewport<T extends Element>(rootMargin: string) {
  const [node, setNode] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  const supported = typeof IntersectionObserver === 'function';

  useEffect(() => {
    if (!supported || node === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const latest = entries.at(-1);
        if (latest) setNear(latest.isIntersecting);
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [node, supported, rootMargin]);

  return [setNode, near || !supported] as const;
}
