/*
 * A counting semaphore for image decodes (issue 19 item 12, ADR 039). A 40 MP upload decodes to
 * 160 MB of raw pixels held while four encodes run from it; twelve at once took the process from
 * 2.4 to 3.6 GB and the health check to 532 ms. Work beyond the limit waits its turn in order
 * (FIFO) instead of failing: an upload is slower under a burst, never refused for it.
 */

export interface DecodeLimit {
  /** Runs `task` once fewer than the limit are running; the rest wait in arrival order. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** How many run now, wait now, and the most that ever ran at once (instrumentation). */
  stats(): { active: number; queued: number; peak: number };
  /** Changes the limit; waiting work starts at once if the new one allows. */
  resize(limit: number): void;
}

export function createDecodeLimit(initialLimit: number): DecodeLimit {
  let limit = Math.max(1, Math.floor(initialLimit));
  let active = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];

  const startWaiting = () => {
    while (active < limit && waiting.length > 0) {
      active++;
      peak = Math.max(peak, active);
      waiting.shift()?.();
    }
  };

  return {
    async run(task) {
      if (active < limit) {
        active++;
        peak = Math.max(peak, active);
      } else {
        // The slot is handed over by the finishing task (active stays counted for us).
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await task();
      } finally {
        active--;
        startWaiting();
      }
    },
    stats: () => ({ active, queued: waiting.length, peak }),
    resize(next) {
      limit = Math.max(1, Math.floor(next));
      startWaiting();
    },
  };
}
