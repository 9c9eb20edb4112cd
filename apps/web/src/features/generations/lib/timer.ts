/** The timer advances in 0.1 s steps (document 2 §9): 4.27 s of work shows as '4.2s'. */
export const TIMER_TICK_MS = 100;

/** Elapsed milliseconds as seconds with one decimal, rounded down so it never runs ahead. */
export function formatSeconds(elapsedMs: number): string {
  const tenths = Math.floor(Math.max(0, elapsedMs) / TIMER_TICK_MS);
  return `${(tenths / 10).toFixed(1)}s`;
}
