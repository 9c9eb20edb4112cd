import { useEffect, useState } from 'react';
import { TIMER_TICK_MS } from '../lib/timer';

/**
 * Milliseconds since `startedAt` (a `performance.now()` reading taken when the user started),
 * advancing every 0.1 s while `running` and frozen at the last tick when it stops. The clock is
 * read in the interval, never during render, so rendering stays pure.
 */
export function useStopwatch(startedAt: number | null, running: boolean): number {
  const [now, setNow] = useState<number | null>(null);

  useEffect(() => {
    if (!running || startedAt === null) return;
    const id = window.setInterval(() => {
      setNow(performance.now());
    }, TIMER_TICK_MS);
    return () => {
      window.clearInterval(id);
    };
  }, [running, startedAt]);

  if (startedAt === null || now === null) return 0;
  // A reading from an earlier run is older than this start: the new run shows 0 until it ticks.
  return Math.max(0, now - startedAt);
}
