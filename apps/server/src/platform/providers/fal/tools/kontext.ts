/** FLUX.1 Kontext's per-call maximum of `num_images`; larger asks are split over requests. */
export const KONTEXT_MAX_IMAGES = 4;
/** A Kontext edit's typical run time. */
export const KONTEXT_MS = 20_000;
