import { useEffect, useEffectEvent, useState } from 'react';
import {
  needsMoreCharacters,
  normalizeSearch,
  searchDelay,
  shouldApplySearch,
} from '../lib/search-rules';

/**
 * The search box (document 1 §4): what is typed is applied once the user pauses (800 ms, or
 * 1200 ms for longer text), and only when it is empty or at least 2 characters and differs from
 * the applied search. `searching` is true while such a change is waiting to be applied.
 */
export function useSearchInput(applied: string, onApply: (search: string) => void) {
  const [typed, setTyped] = useState(applied);
  const [seenApplied, setSeenApplied] = useState(applied);

  // The URL's search changed by other means (Back, a link): the box follows it, unless it already
  // shows that search (the user's own text, maybe with a trailing space they are still typing).
  if (applied !== seenApplied) {
    setSeenApplied(applied);
    if (normalizeSearch(typed) !== applied) setTyped(applied);
  }

  const pending = shouldApplySearch(typed, applied);
  const apply = useEffectEvent(onApply);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      apply(normalizeSearch(typed));
    }, searchDelay(typed));
    return () => {
      clearTimeout(timer);
    };
  }, [typed, pending]);

  return {
    typed,
    setTyped,
    searching: pending,
    needsMoreCharacters: needsMoreCharacters(typed),
  };
}

export type SearchInputState = ReturnType<typeof useSearchInput>;
