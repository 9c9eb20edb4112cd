/** Ticks of at most this many steps keep the axis legible at 390 px. */
const MAX_STEPS = 6;

/**
 * The y axis of 'Daily Activity' (document 1 §2: from 0, step 5): ticks at multiples of 5 up to
 * the first one at or above the largest bar. When that would need more than six steps, the step
 * grows in multiples of 5 (10, 15, …) so large counts still get a readable axis.
 */
export function yTicks(max: number): number[] {
  const top = Math.max(5, Math.ceil(max / 5) * 5);
  const step = 5 * Math.max(1, Math.ceil(top / 5 / MAX_STEPS));
  const last = Math.ceil(top / step) * step;
  return Array.from({ length: last / step + 1 }, (_, i) => i * step);
}

/** A share of a full scale as a whole percentage, capped at 100. */
export function percentOf(value: number, full: number): number {
  if (full <= 0) return 0;
  return Math.min(100, Math.round((value / full) * 100));
}
