import { z } from 'zod/mini';
import { textOrNull } from './read';

/**
 * The garment-fidelity check of a try-on, pose or extractor result (ADR 037): how far the garment's
 * colour (CIEDE2000 between dominant colours) and pattern (0–1) drifted from the garment sent, and
 * the one free regeneration a result that fails it may ask for. Null for other tools, for results
 * from before the check, and when it could not run; anything unreadable reads as null.
 */
export const garmentFidelitySchema = z.catch(
  z.nullable(
    z.object({
      passed: z.boolean(),
      colourDifference: z.number(),
      patternSimilarity: z.number(),
      /** True while a failed result may still ask for its free regeneration. */
      freeRegenerationOffered: z.catch(z.boolean(), false),
      /** The free regeneration already asked for, once it exists. */
      freeRegenerationId: textOrNull,
    }),
  ),
  null,
);
export type GarmentFidelity = z.infer<typeof garmentFidelitySchema>;
