import { z } from 'zod/mini';
import { generationSchema } from './generations';
import { success } from './read';

/*
 * `GET /generations/:id` with the settings to reuse (Reuse settings, ADR 030). A module of its own,
 * read in the browser through `generationSettingsResponseSchema` alone: that keeps the generation's
 * own schema (generations.ts, which every tool page carries) out of the gallery's chunk, and these
 * schemas out of the tool pages' chunks. The server's full schema is built by a pure function, so
 * a bundle that does not use it drops it and its import.
 */

/**
 * A generation's stored settings: the validated request of its tool as the server keeps it (input
 * URLs resolved to our media), server-only keys left out. Each tool screen reads its own keys and
 * checks every value itself, so an unreadable map reads as empty rather than hiding the answer.
 * (An object with a catchall is `z.record` at a tenth of its size in the browser bundle.)
 */
export const generationSettingsSchema = z.catch(z.catchall(z.object({}), z.unknown()), {});
export type GenerationSettings = z.infer<typeof generationSettingsSchema>;

/**
 * The answer as the server sends it: the generation (polls read it too) with its settings. Built by
 * a function marked free of side effects, so a bundle that does not use it drops it together with
 * the generation's schema (a spread or a property read at module level would be kept).
 */
const withSettings = /* @__NO_SIDE_EFFECTS__ */ <T extends z.core.$ZodLooseShape>(generation: {
  shape: T;
}) =>
  z.object({
    success,
    // The shape spread rather than `z.extend`: that would add its code to the entry chunk, where
    // zod lives, and so to every route's initial JS.
    generation: z.object({ ...generation.shape, settings: generationSettingsSchema }),
  });
export const generationDetailResponseSchema = withSettings(generationSchema);
export type GenerationDetailResponse = z.infer<typeof generationDetailResponseSchema>;

/** The part of the answer Reuse settings reads: the settings. */
export const generationSettingsResponseSchema = z.object({
  success,
  generation: z.object({ settings: generationSettingsSchema }),
});
