import { useEffect, useState } from 'react';

/**
 * True once the element has come near the viewport and the browser then had an idle moment (at
 * the latest 2 s on), and true from then on: a page of cards asks for the checks of the cards the
 * seller sees, after the page itself has loaded. Without IntersectionObserver, at the first idle.
 */
export function useWhenSeen<T extends Element>() {
  const [node, setNode] = useState<T | null>(null);
  const [inView, setSeen] = useState(false);
  const [ready, setReady] = useState(false);
  const supported = typeof IntersectionObserver === 'function';
  const seen = inView || !supported;

  useEffect(() => {
    if (seen || node === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [node, seen]);

  useEffect(() => {
    if (!seen || ready) return;
    const go = () => {
      setReady(true);
    };
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(go, { timeout: 2000 });
      return () => {
        cancelIdleCallback(id);
      };
    }
    const id = setTimeout(go, 0);
    return () => {
      clearTimeout(id);
    };
  }, [seen, ready]);

  return [setNode, ready] as const;
}
