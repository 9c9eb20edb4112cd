import { useEffect, useState } from 'react';
import { useReducedMotion } from './use-reduced-motion';

export interface Rotation {
  index: number;
  /** The slide has changed at least once: only a turn fades in, never the page's first paint. */
  turned: boolean;
  /** The slide show advances by itself (not paused, not held, motion allowed). */
  rotating: boolean;
  /** The user turned automatic rotation off with the pause button. */
  stopped: boolean;
  /** Reduced motion: rotation never starts and the pause button has nothing to do. */
  reducedMotion: boolean;
  next: () => void;
  previous: () => void;
  toggleStopped: () => void;
  /** Hover or keyboard focus inside the carousel: rotation waits (WCAG 2.2.2). */
  setHeld: (held: boolean) => void;
}

/**
 * The slide index of an auto-rotating carousel. Each slide stays `intervalMs` from the moment it
 * shows, so a manual step restarts the count rather than jumping again a moment later.
 */
export function useRotation(count: number, intervalMs: number): Rotation {
  const [index, setIndex] = useState(0);
  const [turned, setTurned] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [held, setHeld] = useState(false);
  const reducedMotion = useReducedMotion();
  const rotating = count > 1 && !stopped && !held && !reducedMotion;
  // Fewer slides after a refetch must not leave the index pointing past the end.
  const current = count === 0 ? 0 : index % count;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => {
      setIndex((value) => (value + 1) % count);
      setTurned(true);
    }, intervalMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [rotating, current, count, intervalMs]);

  return {
    index: current,
    turned,
    rotating,
    stopped,
    reducedMotion,
    next: () => {
      setIndex((current + 1) % Math.max(count, 1));
      setTurned(true);
    },
    previous: () => {
      setIndex((current - 1 + count) % Math.max(count, 1));
      setTurned(true);
    },
    toggleStopped: () => {
      setStopped((value) => !value);
    },
    setHeld,
  };
}
