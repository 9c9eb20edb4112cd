import type {
  backgroundRemovalRequestSchema,
  designerRequestSchema,
  extractorRequestSchema,
  photoshootRequestSchema,
  posesRequestSchema,
  realisticTryOnRequestSchema,
  tryOnRequestSchema,
  upscaleRequestSchema,
  videoRequestSchema,
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
}

export type ProviderOutput =
  | { kind: 'image' | 'video'; data: Buffer; contentType: string }
  | { kind: 'image' | 'video'; url: string };

export interface ProviderResult {
  outputs: ProviderOutput[];
  /** Set when this is a labelled preview rather than model output; shown to the user as is. */
  previewNote?: string;
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

export type Settings<S extends z.ZodType> = z.output<S>;

/** Clothes AI Photoshoot: one garment on one model (a template or the user's own photo). */
export interface TryOnJob {
  garment: InputImage;
  model: InputImage;
  settings: Settings<typeof tryOnRequestSchema>;
}
/** Advance Clothes AI Photoshoot: one garment on each chosen template, steered by a prompt. */
export interface RealisticTryOnJob {
  garment: InputImage;
  /** Chosen model templates (our catalog media). */
  templates: { id: string; image: InputImage; prompt: string }[];
  settings: Settings<typeof realisticTryOnRequestSchema>;
}
export interface DesignJob {
  garment: InputImage;
  settings: Settings<typeof designerRequestSchema>;
}
export interface PoseJob {
  model: InputImage;
  /** The chosen pose preset's reference image, when one is chosen. */
  poseImage: InputImage | null;
  settings: Settings<typeof posesRequestSchema>;
}
export interface PhotoshootJob {
  product: InputImage;
  settings: Settings<typeof photoshootRequestSchema>;
}
export interface ExtractJob {
  image: InputImage;
  settings: Settings<typeof extractorRequestSchema>;
}
export interface UpscaleJob {
  image: InputImage;
  settings: Settings<typeof upscaleRequestSchema>;
}
export interface BackgroundRemovalJob {
  image: InputImage;
  settings: Settings<typeof backgroundRemovalRequestSchema>;
}
export interface VideoJob {
  image: InputImage;
  settings: Settings<typeof videoRequestSchema>;
  resolution: '360p' | '480p' | '720p';
}

export type { Capability } from '@studio/contract';
import type { Capability } from '@studio/contract';

export interface GenerationProvider {
  readonly name: string;
  /** Hosts whose output URLs the runner may download (the provider's CDN). */
  readonly outputHosts?: readonly string[];
  /** Exact origins trusted even on private addresses (a configured provider URL, fakes in tests). */
  readonly trustedOrigins?: readonly string[];
  /** What this provider does for real; the rest it may answer with labelled previews. */
  capabilities(): readonly Capability[];
  tryOn(job: TryOnJob, ctx: ProviderContext): Promise<ProviderResult>;
  realisticTryOn(job: RealisticTryOnJob, ctx: ProviderContext): Promise<ProviderResult>;
  design(job: DesignJob, ctx: ProviderContext): Promise<ProviderResult>;
  pose(job: PoseJob, ctx: ProviderContext): Promise<ProviderResult>;
  photoshoot(job: PhotoshootJob, ctx: ProviderContext): Promise<ProviderResult>;
  extract(job: ExtractJob, ctx: ProviderContext): Promise<ProviderResult>;
  upscale(job: UpscaleJob, ctx: ProviderContext): Promise<ProviderResult>;
  removeBackground(job: BackgroundRemovalJob, ctx: ProviderContext): Promise<ProviderResult>;
  video(job: VideoJob, ctx: ProviderContext): Promise<ProviderResult>;
  /** A video prompt describing the image (Auto-generate); `preview` when no vision model wrote it. */
  prompt(image: InputImage, signal: AbortSignal): Promise<{ prompt: string; preview: boolean }>;
  /** Best-effort cancel of submitted work. */
  cancel?(requestId: string): Promise<void>;
}
