import { z } from 'zod/mini';
import { success } from './read';

/*
 * `GET /generations/:id/settings`: the settings a generation was made with, for Reuse settings
 * (ADR 030). A call of its own, so the status poll every open tool page makes carries none of
 * this, and a module of its own, so only the gallery's chunk carries the schema.
 */

/**
 * A generation's stored settings: the validated request of its tool as the server keeps it (input
 * URLs resolved to our media), server-only keys left out. Each tool screen reads its own keys and
 * checks every value itself, so an unreadable map reads as empty rather than hiding the answer.
 * (An object with a catchall is `z.record` at a tenth of its size in the browser bundle.)
 */
export const generationSettingsSchema = z.catch(z.catchall(z.object({}), z.unknown()), {});
export type GenerationSettings = z.infer<typeof generationSettingsSchema>;

/** The answer: which generation, and its settings. */
export const generationSettingsAnswerSchema = z.object({
  success,
  generation: z.object({ id: z.string(), type: z.string(), settings: generationSettingsSchema }),
});
export type GenerationSettingsAnswer = z.infer<typeof generationSettingsAnswerSchema>;

/** The part of the answer Reuse settings reads: the settings. */
export const generationSettingsResponseSchema = z.object({
  success,
  generation: z.object({ settings: generationSettingsSchema }),
});
