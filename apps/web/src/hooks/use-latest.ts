import { useLayoutEffect, useRef } from 'react';

/**
 * The value of the latest render, for a function made in an earlier one (a mutation's function,
 * which TanStack Query takes from the options of a past render until an effect hands it new ones).
 * Set in a layout effect, in the task that renders: Preact runs plain effects after paint, and a
 * click in between would otherwise read the render before, e.g. no user yet (ADR 066).
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
