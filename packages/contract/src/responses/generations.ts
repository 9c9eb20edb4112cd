import { z } from 'zod/mini';
import { GENERATION_STATUSES, GENERATION_TYPES, MODES, PLAN_FAMILIES_WITH_ACCESS } from '../tools';
import { contentCredentialsSchema } from './credentials';
import { outputViewsSchema } from './angle-views';
import { garmentFidelitySchema } from './fidelity';
import { derive, int, readableEntries, strings, success, text, textOrNull } from './read';

export const generationAcceptedSchema = z.object({
  success,
  generationId: z.string(),
  status: z.enum(GENERATION_STATUSES),
});
export type GenerationAccepted = z.infer<typeof generationAcceptedSchema>;

/** `?wait=` once the job ended: the spec's result shape plus the id and status. */
export const generationResultSchema = z.object({
  success: z.boolean(),
  generationId: z.string(),
  status: z.enum(GENERATION_STATUSES),
  imageUrls: z.array(z.string()),
  videoUrlList: z.array(z.string()),
  message: z.string(),
});
export type GenerationResult = z.infer<typeof generationResultSchema>;

/** The stages of unfinished work the progress view names (ADR 049). */
export const GENERATION_STAGES = ['queued', 'running', 'saving'] as const;
export type GenerationStage = (typeof GENERATION_STAGES)[number];

/** Optional fields read as empty values; type and status must be known. */
export const generationSchema = z.object({
  id: z.string(),
  type: z.enum(GENERATION_TYPES),
  status: z.enum(GENERATION_STATUSES),
  /** 0–100 while running; read clamped and rounded, so a bar never shows 140 %. */
  progress: z.codec(z.catch(z.number(), 0), int, {
    decode: (progress) => Math.round(Math.min(100, Math.max(0, progress))),
    encode: (progress) => progress,
  }),
  /** Place in the queue (1 = next) while queued, else null; anything below 1 reads as null. */
  queuePosition: z.codec(z.catch(z.nullable(z.number()), null), z.nullable(int), {
    decode: (position) => (position !== null && position > 0 ? position : null),
    encode: (position) => position,
  }),
  /**
   * Where unfinished work is (ADR 049): waiting for a worker, being made, or its outputs being
   * stored; null once finished (and from a server that does not say).
   */
  stage: z.catch(z.nullable(z.enum(GENERATION_STAGES)), null),
  /**
   * How long a run like this usually takes from start to finish, in ms: the median of the
   * provider's recent runs of the tool at this size; null once finished.
   */
  expectedMs: z.catch(z.nullable(int), null),
  /** Time since it started, in ms, on the server's clock when it answered; null unless running. */
  elapsedMs: z.catch(z.nullable(int), null),
  creditCost: z.catch(int, 0),
  prompt: text,
  imageUrls: strings,
  videoUrls: strings,
  inputImageUrls: strings,
  /** Set when the engine could only make a labelled preview (no generative model configured). */
  previewNote: textOrNull,
  error: textOrNull,
  /**
   * The user asked to cancel work a provider already had (ADR 043): until it ends, the provider
   * decides; a generation that still succeeded after it was finished (and charged) first.
   */
  cancelRequested: z.catch(z.boolean(), false),
  createdAt: text,
  startedAt: textOrNull,
  finishedAt: textOrNull,
  fidelity: garmentFidelitySchema,
  credentials: contentCredentialsSchema,
  /** An angle set's outputs with their views and slots (ADR 064); null for other tools. */
  views: outputViewsSchema,
});
export type Generation = z.infer<typeof generationSchema>;
export const generationResponseSchema = z.object({ success, generation: generationSchema });
export type GenerationResponse = z.infer<typeof generationResponseSchema>;

// `GET /generations/:id` adds the settings to reuse: generation-detail.ts, a module of its own so
// that only the gallery's chunk carries it, not every tool page that polls a generation.

const estimateShape = {
  success,
  creditCost: int,
  canAfford: z.boolean(),
  available: int,
  message: text,
};
/** `POST /credits/estimate`. An answer without `canAfford` reads it from the price and balance. */
export const estimateResponseSchema = derive(
  z.object({ ...estimateShape, canAfford: z.catch(z.nullable(z.boolean()), null) }),
  z.object(estimateShape),
  (body) => ({ ...body, canAfford: body.canAfford ?? body.available >= body.creditCost }),
);
export type EstimateResponse = z.infer<typeof estimateResponseSchema>;

/** Plans that unlock a mode or tool, lowest first (empty when open to all); unknown plans drop. */
const requiresPlan = readableEntries(z.enum(PLAN_FAMILIES_WITH_ACCESS));

export const modeOptionSchema = z.object({
  value: z.enum(MODES),
  label: z.string(),
  disabled: z.catch(z.boolean(), false),
  requiresPlan,
});
export type ModeOption = z.infer<typeof modeOptionSchema>;

/** `GET /modes`: the plan, its modes and tools; entries the browser cannot read are dropped. */
export const accessResponseSchema = z.object({
  success,
  plan: z.enum(PLAN_FAMILIES_WITH_ACCESS),
  modes: readableEntries(modeOptionSchema),
  tools: readableEntries(
    z.object({
      type: z.enum(GENERATION_TYPES),
      allowed: z.catch(z.boolean(), true),
      requiresPlan,
    }),
  ),
});
export type AccessResponse = z.infer<typeof accessResponseSchema>;

export const videoPromptResponseSchema = z.object({
  success,
  prompt: z.string(),
  message: text,
  /** True when the prompt came from a built-in writer rather than a vision model. */
  preview: z.catch(z.boolean(), false),
});
