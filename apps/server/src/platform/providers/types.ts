import type {
  AngleView,
  angleSetRequestSchema,
  backgroundRemovalRequestSchema,
  colourwayGenerationSettingsSchema,
  designerRequestSchema,
  listingFixRequestSchema,
  extractorRequestSchema,
  photoshootRequestSchema,
  posesRequestSchema,
  realisticTryOnRequestSchema,
  tryOnRequestSchema,
  upscaleRequestSchema,
  videoRequestSchema,
  Capability,
  GenerationType,
  ListingCheckItem,
  ListingContentRule,
  ListingSlot,
  MarketplaceId,
} from '@studio/contract';
import type { z } from 'zod';

/*
 * What a generation provider does (ARCHITECTURE §6). The job runner, not the provider, owns retries,
 * deadlines, output copying, credits and state: a provider turns inputs into outputs and reports
 * progress, nothing more.
 */

/** An input image that we stored: remote providers fetch `publicUrl`, the local engine loads bytes. */
export interface InputImage {
  /** Our media URL as the client knows it (`/api/v1/media/{id}`). */
  url: string;
  /** Absolute URL a remote provider can fetch. */
  publicUrl: string;
  load(): Promise<Buffer>;
}

export interface ProviderContext {
  signal: AbortSignal;
  /** The request id an earlier attempt submitted: poll it instead of submitting (and paying) again. */
  requestId: string | null;
  /**
   * Called just before paid work is submitted; resolves once that is durably recorded. A crash
   * between this and `onSubmitted` leaves the runner unsure whether the provider got the work, so it
   * refunds instead of submitting (and paying) a second time.
   */
  beforeSubmit(): Promise<void>;
  /** Called once the provider accepted the work; resolves after the id is durably stored. */
  onSubmitted(requestId: string): Promise<void>;
  onProgress(update: { progress?: number; queuePosition?: number | null }): void;
  /**
   * The generation this work is for, named in a provider's callback (fal's webhook URL), so a
   * completion whose request id was never stored is still recognised (issue 29).
   */
  generationId?: string;
  /**
   * When the generation's deadline falls (epoch ms): work not started by then is of no use, so a
   * provider that queues work tells its queue to drop it then (fal's start timeout, issue 31).
   */
  deadlineAt?: number;
  /**
   * Each provider request's cost as it becomes known: when it is submitted and when it ends
   * (issue 31). Called without waiting; the runner records it and never fails the work over it.
   */
  onRequestCost?(cost: ProviderRequestCost): void;
}

export interface ProviderRequestCost {
  requestId: string;
  modelId: string;
  outcome: 'submitted' | 'completed' | 'failed';
  inferenceMs: number | null;
  /** How many of the model's price unit it used; null when not known. */
  units: number | null;
  /** US dollars by the configured price table; null when the model has no price. */
  costUsd: number | null;
}

/** What a user reads on work stopped at its deadline (refunded). */
export const DEADLINE_MESSAGE = 'The generation took too long and was stopped';

export type ProviderOutput =
  | {
      kind: 'image' | 'video';
      data: Buffer;
      contentType: string;
      /**
       * Stored byte for byte (the engine's own encode), not re-encoded: a listing image's file
       * size and quality are what its check measured (ADR 057).
       */
      exact?: true;
    }
  | { kind: 'image' | 'video'; url: string };

/** An output with the angle-set view it shows (ADR 064): kept with the generation's outputs. */
export type TaggedOutput = ProviderOutput & { view?: AngleView };

export interface ProviderResult {
  outputs: TaggedOutput[];
  /**
   * Shown with the result as is ("About this result"): that it is a labelled preview rather than
   * model output, or which of the user's settings the model could not honour (ADR 034).
   */
  previewNote?: string;
  /** The compute time the provider reported for the work, when it reports one (fal does). */
  inferenceMs?: number;
  /** The provider's model id that made the outputs, named in their content credentials (ADR 058). */
  model?: string;
  /**
   * The outputs are a labelled preview (the inputs beside a PREVIEW banner, ADR 013), not a
   * result: nothing of the garment to score, so no fidelity score and no free regeneration.
   */
  labelledPreview?: true;
  /**
   * A listing prepare's output checked against the slot it was made for, on the bytes stored
   * (ADR 057): the runner keeps it in the listing check cache with the output's URL.
   */
  listingCheck?: ListingOutputCheck;
}

/** One image measured against a marketplace's slot (the engine's `checkListingImage`). */
export interface ListingImageCheck {
  compliant: boolean;
  checks: ListingCheckItem[];
  notChecked: ListingContentRule[];
}

export interface ListingOutputCheck {
  marketplace: MarketplaceId;
  slot: ListingSlot;
  result: ListingImageCheck;
}

/**
 * A failure the runner can act on: transient ones are retried with backoff (same request id), the
 * rest fail the generation and release its credits. `message` is safe to show to the user.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  /** The provider answered a submission with a refusal: it holds no work of ours, safe to resubmit. */
  readonly nothingSubmitted: boolean;
  constructor(
    message: string,
    readonly transient: boolean,
    options?: { cause?: unknown; nothingSubmitted?: boolean },
  ) {
    super(message, options);
    this.nothingSubmitted = options?.nothingSubmitted ?? false;
  }
}

/** Each tool's validated request, as stored with its generation. */
export interface ToolSettings {
  'try-on': z.output<typeof tryOnRequestSchema>;
  'realistic-try-on': z.output<typeof realisticTryOnRequestSchema>;
  'ai-designer': z.output<typeof designerRequestSchema>;
  'ai-poses': z.output<typeof posesRequestSchema>;
  photoshoot: z.output<typeof photoshootRequestSchema>;
  'fashion-extractor': z.output<typeof extractorRequestSchema>;
  upscaler: z.output<typeof upscaleRequestSchema>;
  'background-removal': z.output<typeof backgroundRemovalRequestSchema>;
  'video-generation': z.output<typeof videoRequestSchema>;
  'listing-prepare': z.output<typeof listingFixRequestSchema>;
  colourways: z.output<typeof colourwayGenerationSettingsSchema>;
  'angle-set': z.output<typeof angleSetRequestSchema>;
}

/** The images each tool works on, by role (the settings hold our URLs; these load or share them). */
export interface ToolInputs {
  /** One garment on one model (a template or the user's own photo). */
  'try-on': { garment: InputImage; model: InputImage };
  /** One garment on each chosen template (our catalog media), steered by its prompt. */
  'realistic-try-on': {
    garment: InputImage;
    templates: { id: string; image: InputImage; prompt: string }[];
  };
  'ai-designer': { garment: InputImage };
  /** The chosen pose preset's reference image, when one is chosen. */
  'ai-poses': { model: InputImage; poseImage: InputImage | null };
  photoshoot: { product: InputImage };
  'fashion-extractor': { image: InputImage };
  upscaler: { image: InputImage };
  'background-removal': { image: InputImage };
  'video-generation': { image: InputImage };
  /** The image fixed for a marketplace's slot. */
  'listing-prepare': { image: InputImage };
  /** The garment photo recoloured to one variant's colour. */
  colourways: { image: InputImage };
  /** The photo of the garment worn, and the garment's own photo when the seller gave one. */
  'angle-set': { image: InputImage; garment: InputImage | null };
}

/**
 * One generation for a provider: the tool, its settings and its input images. One type for every
 * tool (a union told apart by `type`), so a provider maps tools in one table.
 */
export type GenerationJob<T extends GenerationType = GenerationType> = {
  [K in T]: { type: K; settings: ToolSettings[K] } & ToolInputs[K];
}[T];

/** A provider's work per tool; `runJob` picks the one a job names. */
export type ToolHandlers = {
  [K in GenerationType]: (job: GenerationJob<K>, ctx: ProviderContext) => Promise<ProviderResult>;
};

export function runJob<K extends GenerationType>(
  handlers: ToolHandlers,
  job: GenerationJob<K>,
  ctx: ProviderContext,
): Promise<ProviderResult> {
  const handler: ToolHandlers[K] = handlers[job.type];
  return handler(job, ctx);
}

export type { Capability } from '@studio/contract';

export interface GenerationProvider {
  readonly name: string;
  /** Hosts whose output URLs the runner may download (the provider's CDN). */
  readonly outputHosts?: readonly string[];
  /** Exact origins trusted even on private addresses (a configured provider URL, fakes in tests). */
  readonly trustedOrigins?: readonly string[];
  /** What this provider does for real; the rest it may answer with labelled previews. */
  capabilities(): readonly Capability[];
  /**
   * What it can only make as a labelled preview; absent means every other tool (ADR 048). A tool
   * in neither list is unavailable here.
   */
  previews?(): readonly Capability[];
  /** Runs one generation (any tool) to its outputs. */
  run(job: GenerationJob, ctx: ProviderContext): Promise<ProviderResult>;
  /** A video prompt describing the image (Auto-generate); `preview` when no vision model wrote it. */
  prompt(image: InputImage, signal: AbortSignal): Promise<{ prompt: string; preview: boolean }>;
  /** Asks the provider to stop submitted work; throws when it could not be asked. */
  cancel?(requestId: string): Promise<void>;
}
