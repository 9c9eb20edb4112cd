import type { Mode } from '@studio/contract';

/** FLUX.1 Kontext's per-call maximum of `num_images`; larger asks are split over requests. */
export const KONTEXT_MAX_IMAGES = 4;
/** A Kontext edit's typical run time. */
export const KONTEXT_MS = 20_000;

/**
 * FLUX.1 Kontext [pro] has no quality setting: a balanced or quality run is priced as one but
 * renders as performance, and the result says so (ADR 034; per-mode model ids are left).
 */
export function sameInEveryMode(mode: Mode): string | false {
  return (
    mode !== 'performance' &&
    `This tool's model renders the same in every mode: the ${mode} mode did not change the result.`
  );
}
