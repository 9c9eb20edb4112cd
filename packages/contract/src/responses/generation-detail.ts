import { z } from 'zod/mini';
import { generationSchema } from './generations';
import { success } from './read';

/**
 * A generation's stored settings: the validated request of its tool as the server keeps it (input
 * URLs resolved to our media), server-only keys left out. Each tool screen reads its own keys and
 * checks every value itself, so an unreadable map reads as empty rather than hiding the answer.
 * (An object with a catchall is `z.record` at a tenth of its size in the browser bundle.)
 */
export const generationSettingsSchema = z.catch(z.catchall(z.object({}), z.unknown()), {});
export type GenerationSettings = z.infer<typeof generationSettingsSchema>;

/**
 * `GET /generations/:id`: the generation with its settings (Reuse settings, ADR 030). Only this
 * answer carries them: polls read it with the lean `generationResponseSchema`, and cancels and
 * catalogues answer without them. Its own module, so only the gallery's chunk carries it.
 */
export const generationDetailResponseSchema = z.object({
  success,
  generation: z.extend(generationSchema, { settings: generationSettingsSchema }),
});
export type GenerationDetailResponse = z.infer<typeof generationDetailResponseSchema>;
