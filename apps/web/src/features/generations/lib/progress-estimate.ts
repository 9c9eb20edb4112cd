/*
 * The progress view's arithmetic (ADR 049): where the bar stands for a run that has been going
 * `elapsedMs` of an expected `expectedMs`, and how a duration is said.
 */

/** The bar stops here at the estimate: the rest is earned only by finishing. */
export const CEILING = 95;

export interface Estimated {
  /** 0–95, or null while the bar cannot say (past the estimate). */
  percent: number | null;
  overdue: boolean;
  remainingMs: number | null;
}

/**
 * Linear in time up to 95 % at the estimate, never below `floor` (what the bar already showed for
 * this run: a poll that lands a little behind must not move it back); past the estimate, overdue.
 */
export function estimateAt(elapsedMs: number, expectedMs: number, floor = 0): Estimated {
  if (elapsedMs > expectedMs) return { percent: null, overdue: true, remainingMs: null };
  const percent = Math.round(CEILING * Math.min(1, Math.max(0, elapsedMs) / expectedMs));
  return {
    percent: Math.max(percent, floor),
    overdue: false,
    remainingMs: Math.max(0, expectedMs - elapsedMs),
  };
}

/** "45 s", "3 min": rounded as a person would say it, never "0 s". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `${String(seconds < 10 ? seconds : Math.round(seconds / 5) * 5)} s`;
  return `${String(Math.round(seconds / 60))} min`;
}
