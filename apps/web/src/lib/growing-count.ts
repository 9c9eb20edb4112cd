import { useContext, useEffect, useState } from 'react';
import { Splitting } from './splitting';

/**
 * How many of a list's `total` items to render: `step` in the first render, then `step` more in
 * each task after a paint, so no task renders the whole list (the gallery's cards, ADR 066). The
 * count only grows, so later updates (a delete, another page) show their list at once, never the
 * previous one for a task. Outside <SplitRenders> every item renders at once.
 */
export function useGrowingCount(total: number, step: number): number {
  const split = useContext(Splitting);
  const [count, setCount] = useState(split ? step : Number.POSITIVE_INFINITY);
  // A plain effect, unlike NextTask's: it runs after paint, so each step shows before the next.
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => {
      setCount((shown) => shown + step);
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [count, total, step]);
  return count;
}
