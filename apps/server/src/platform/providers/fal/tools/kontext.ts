import type { Mode } from '@studio/contract';
import type { FalModelKey } from '../tool';

/** FLUX.1 Kontext's per-call maximum of `num_images`; larger asks are split over requests. */
export const KONTEXT_MAX_IMAGES = 4;
/** A Kontext edit's typical run time. */
export const KONTEXT_MS = 20_000;

/**
 * FLUX.1 Kontext [max] on fal, the quality mode of the Kontext tools (ADR 034): the same input
 * schema as [pro] (`image_url` or `image_urls`, prompt, aspect ratio, `num_images` 1–4, output
 * format), better prompt adherence and typography, at twice [pro]'s price per image.
 */
export const KONTEXT_QUALITY_MODEL = 'fal-ai/flux-pro/kontext/max';
export const KONTEXT_QUALITY_MULTI_MODEL = 'fal-ai/flux-pro/kontext/max/multi';

/**
 * The model a Kontext tool's job runs: quality on [max], the rest on the tool's own [pro] model.
 * No Kontext model sits between the two, so balanced runs [pro] and is charged as performance
 * (the contract's KONTEXT_HONOURED_MODES).
 */
export function kontextModelKey<K extends FalModelKey>(
  own: K,
  mode: Mode,
  multi = false,
): K | 'kontext-quality' | 'kontext-quality-multi' {
  if (mode !== 'quality') return own;
  return multi ? 'kontext-quality-multi' : 'kontext-quality';
}

/** Said with a balanced result: it renders and is priced as performance. */
export function balancedAsPerformance(mode: Mode): string | false {
  return (
    mode === 'balanced' &&
    "This tool's model has no balanced setting: it rendered in performance mode and was charged as performance."
  );
}
