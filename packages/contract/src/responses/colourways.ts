import { z } from 'zod/mini';
import { GENERATION_STATUSES } from '../tools';
import { success, textOrNull } from './read';

/** How close a colourway came (ADR 063), measured on the stored output. */
export const colourwayMeasureSchema = z.object({
  /** ΔE00 between the garment's dominant colour in the output and the variant's colour. */
  deltaE: z.number(),
  /** That colour as measured, `#rrggbb`. */
  measured: z.string(),
  /** Within COLOURWAY_MAX_DELTA_E, nothing outside the garment changed, its shading kept. */
  passed: z.boolean(),
  /** Why it failed, in words for the seller; null when it passed. */
  reason: textOrNull,
});
export type ColourwayMeasure = z.infer<typeof colourwayMeasureSchema>;

/** One variant of a set: its own generation, charged 1 credit, refunded alone when it fails. */
export const colourwayGenerationSchema = z.object({
  generationId: z.string(),
  variant: z.object({ name: z.string(), colour: z.string() }),
  status: z.enum(GENERATION_STATUSES),
  /** The recoloured photo once it succeeded. */
  outputUrl: textOrNull,
  thumbnailUrl: textOrNull,
  /** Null until measured (queued, running, or failed before the measure). */
  measure: z.nullable(colourwayMeasureSchema),
  error: textOrNull,
});
export type ColourwayGeneration = z.infer<typeof colourwayGenerationSchema>;

/**
 * `POST /colourways/generate` (202, or with `?wait=` the set once all finished or the wait ran
 * out) and `GET /colourways/:setId`: the set and each variant's generation, in the order asked.
 * `GET /colourways/:setId/zip` streams the succeeded outputs, named by variant.
 */
export const colourwaySetSchema = z.object({
  success,
  setId: z.string(),
  name: textOrNull,
  sourceImageUrl: z.string(),
  generations: z.array(colourwayGenerationSchema),
});
export type ColourwaySet = z.infer<typeof colourwaySetSchema>;
