import { useContext, useEffect, useState } from 'react';
import { Splitting } from './splitting';

/**
 * How many of a list's `total` items to render: `step` in the first render, then `step` more in
 * each task after a paint, so no task renders the whole list (the gallery's cards, ADR 066). Once
 * every item has shown, the list renders whole from then on: a later update (a new item on top, a
 * delete, another page) never drops an item, nor what it holds open (a dialog), for a task.
 * While `more` is false (the gallery: its last card is far below the screen) it waits where it is.
 * Outside <SplitRenders> every item renders at once.
 */
export function useGrowingCount(total: number, step: number, more = true): number {
  const split = useContext(Splitting);
  const [count, setCount] = useState(split ? step : Number.POSITIVE_INFINITY);
  // A plain effect, unlike NextTask's: it runs after paint, so each step shows before the next.
  useEffect(() => {
    if (count === Number.POSITIVE_INFINITY || !more) return;
    const timer = setTimeout(() => {
      // The step that reaches the end makes the count unlimited: the list is whole from then on.
      setCount((shown) => (shown + step >= total ? Number.POSITIVE_INFINITY : shown + step));
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [count, total, step, more]);
  return count;
}
