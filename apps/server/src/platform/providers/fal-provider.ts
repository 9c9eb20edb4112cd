import { setTimeout as delay } from 'node:timers/promises';
import { createFalClient, type RequestMiddleware } from '@fal-ai/client';
import { GENERATION_TYPES, TOOL_DEFINITIONS, type GenerationType } from '@studio/contract/tools';
import { z } from 'zod';
import { orientedSize } from '../engine/shared';
import { upscaleDimensions } from '../engine/upscale';
import {
  type Capability,
  type DesignJob,
  type ExtractJob,
  type GenerationProvider,
  type InputImage,
  type PhotoshootJob,
  type PoseJob,
  type ProviderContext,
  ProviderError,
  type ProviderOutput,
  type RealisticTryOnJob,
} from './types';

/**
 * The fal model each tool runs, and the one that writes video prompts. A replacement must accept
 * the input schema of the default it replaces.
 */
export type FalModels = Record<GenerationType | 'prompt', string>;

/*
 * Why these models:
 * - try-on: FASHN v1.6, built for exactly this (a model photo + a garment photo, no prompt), and
 *   its settings are the tool's own: category, garment photo type (flat lay / on a model), the
 *   performance / balanced / quality modes and 1–4 samples per call, at 864×1296.
 * - realistic try-on and pose: FLUX.1 Kontext multi-image editing, so the person and the garment
 *   (or the pose reference) are separate inputs and the prompt can say which is which; [max] for
 *   realistic try-on because it is the tool that sells on fidelity.
 * - design, photoshoot, extract: FLUX.1 Kontext [pro], instruction-based editing of one image,
 *   which keeps the garment's identity (print, cut, logos) better than text-to-image with a
 *   reference. It makes up to 4 images per call.
 * - upscale: Clarity adds generative detail and takes fractional factors (1–4), which the '4k'
 *   preset needs; ESRGAN only does 2x/4x and adds no detail.
 * - background removal: BiRefNet v2 returns a transparent PNG.
 * - video: Kling 2.1 standard image-to-video, 5 or 10 s. It renders 720p whatever the mode asks.
 * - prompt: fal's OpenRouter vision router; `fal-ai/any-llm/vision` is deprecated.
 */
export const DEFAULT_FAL_MODELS: FalModels = {
  photoshoot: 'fal-ai/flux-pro/kontext',
  'try-on': 'fal-ai/fashn/tryon/v1.6',
  'realistic-try-on': 'fal-ai/flux-pro/kontext/max/multi',
  'ai-designer': 'fal-ai/flux-pro/kontext',
  'ai-poses': 'fal-ai/flux-pro/kontext/multi',
  'fashion-extractor': 'fal-ai/flux-pro/kontext',
  'video-generation': 'fal-ai/kling-video/v2.1/standard/image-to-video',
  upscaler: 'fal-ai/clarity-upscaler',
  'background-removal': 'fal-ai/birefnet/v2',
  prompt: 'openrouter/router/vision',
};

export interface FalProviderOptions {
  apiKey: string;
  models: FalModels;
  /** Origin that stands in for https://queue.fal.run (tests point it at a local fake). */
  baseUrl?: string;
  pollIntervalMs?: number;
  fetchImpl?: typeof fetch;
}

const FAL_ORIGINS = ['https://queue.fal.run', 'https://fal.run'];
const DEFAULT_BASE_URL = 'https://queue.fal.run';
const REQUEST_TIMEOUT_MS = 30_000;
/** Consecutive failed status polls we ride out before handing a transient error to the runner. */
const MAX_FAILED_POLLS = 3;
/** FLUX Kontext's per-call maximum; larger asks are split over several requests. */
const MAX_IMAGES_PER_REQUEST = 4;
/** The LLM behind the OpenRouter vision router: cheap, fast and good at describing photos. */
const PROMPT_LLM = 'google/gemini-2.5-flash';
/*
 * Typical run times, the scale of the progress estimate (fal reports no progress of its own).
 */
const TRY_ON_MS = 30_000;
const EDIT_MS = 20_000;
const UPSCALE_MS = 30_000;
const CUTOUT_MS = 10_000;
const VIDEO_MS_PER_5S = 120_000;
const PROMPT_MS = 10_000;
/** fal has a model for every tool in the contract's list, and for the prompt writer. */
const CAPABILITIES: readonly Capability[] = [
  ...new Set<Capability>([
    ...GENERATION_TYPES.map((type) => TOOL_DEFINITIONS[type].capability),
    'prompt',
  ]),
];

/** fal's request errors: `{ detail: string, error_type: string }`. */
const requestErrorSchema = z.object({ error_type: z.string().min(1) });
/** fal's model errors: `{ detail: [{ loc, msg, type, url?, ctx? }] }`; only `type` is for logic. */
const modelErrorsSchema = z.object({
  detail: z.array(z.object({ type: z.string() })),
});

/**
 * A non-2xx answer. Thrown from our fetch so the SDK never builds its ApiError: the SDK retries
 * ApiErrors with backoff sleeps of up to a minute that ignore the abort signal, on top of the
 * runner's own retries. Here each HTTP call is made once and the runner owns the retry policy.
 */
class FalHttpError extends Error {
  override name = 'FalHttpError';
  /**
   * fal's machine-readable failure category (request errors: `X-Fal-Error-Type`, or `error_type`
   * in the body). Its presence means fal itself gave up on the request, after its own retries.
   */
  readonly errorType: string | null;
  /** `X-Fal-Retryable`: fal's word on whether the same request may still succeed; null if unsaid. */
  readonly retryable: boolean | null;
  constructor(
    readonly status: number,
    readonly body: unknown,
    headers: Headers,
  ) {
    super(`fal answered HTTP ${status}`);
    const bodyType = requestErrorSchema.safeParse(body);
    this.errorType =
      headers.get('x-fal-error-type')?.trim() ||
      (bodyType.success ? bodyType.data.error_type : null);
    const retryable = headers.get('x-fal-retryable')?.trim().toLowerCase();
    this.retryable = retryable === 'true' ? true : retryable === 'false' ? false : null;
  }
}

/**
 * fetch itself failed. The original error is kept off `cause` on purpose: the SDK walks the
 * `cause` chain for network error codes to decide on its own retries.
 */
class FalTransportError extends Error {
  override name = 'FalTransportError';
  constructor(readonly original: unknown) {
    super('fal could not be reached');
  }
}

type FalInput = Record<string, unknown>;
type Call = 'submit' | 'status' | 'result' | 'cancel';
type Phase =
  | { state: 'queued'; position: number | null }
  | { state: 'running'; since: number }
  | { state: 'done' };

const modelIdSchema = z
  .string()
  .regex(/^[\w.-]+(\/[\w.-]+)+$/, 'a fal model id like owner/app[/path]');
const submittedSchema = z.object({ request_id: z.string().min(1) });
const statusSchema = z.object({ status: z.string(), queue_position: z.number().nullish() });
const fileSchema = z.object({ url: z.string().min(1) });
const mediaSchema = z.object({
  images: z.array(fileSchema).optional(),
  image: fileSchema.optional(),
  video: fileSchema.optional(),
  has_nsfw_concepts: z.array(z.boolean()).optional(),
});
const textSchema = z.object({ output: z.string() });
const detailSchema = z.object({
  detail: z.union([z.string(), z.array(z.object({ msg: z.string() })).min(1)]),
});

/**
 * What onSubmitted stores: `<model id>:<request id>[,<request id>…]`. fal addresses status, result
 * and cancel by model and request id together, so the model travels with the id: a resume after a
 * restart or a model change, and a cancel from another process, still reach the right queue. A job
 * holds several ids when it needs several fal requests (one per realistic try-on template, or more
 * images than a model makes per call). A bare id is read as a request of the tool's current model.
 */
function encodeHandle(modelId: string, requestIds: string[]): string {
  return `${modelId}:${requestIds.join(',')}`;
}

function decodeHandle(handle: string, fallbackModel: string | null) {
  const colon = handle.lastIndexOf(':');
  const modelId = colon > 0 ? handle.slice(0, colon) : fallbackModel;
  const requestIds = handle
    .slice(colon + 1)
    .split(',')
    .filter((id) => id !== '');
  return { modelId, requestIds };
}

export function createFalProvider(options: FalProviderOptions): GenerationProvider {
  const { apiKey, models } = options;
  for (const id of Object.values(models)) modelIdSchema.parse(id);
  const base = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const baseFetch = options.fetchImpl ?? fetch;

  // The SDK builds https://queue.fal.run URLs; proxyUrl only applies on the server with
  // `when: 'always'`, and it forwards through a header, so a plain origin rewrite is simpler. Any
  // other origin (storage uploads, realtime) is refused: inputs are already URLs.
  const redirect: RequestMiddleware = async (request) => {
    const url = new URL(request.url);
    if (!FAL_ORIGINS.includes(url.origin)) {
      throw new ProviderError('The provider request was refused', false);
    }
    return { ...request, url: `${base}${url.pathname}${url.search}` };
  };
  const guardedFetch: typeof fetch = async (input, init) => {
    let response: Response;
    try {
      response = await baseFetch(input, init);
    } catch (error) {
      throw new FalTransportError(error);
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's HTML error page): keep the text for the logs.
    }
    throw new FalHttpError(response.status, body, response.headers);
  };
  const client = createFalClient({
    credentials: apiKey,
    requestMiddleware: redirect,
    fetch: guardedFetch,
  });

  const callSignal = (signal?: AbortSignal) => {
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    return signal ? AbortSignal.any([signal, timeout]) : timeout;
  };

  async function submitAll(modelId: string, inputs: FalInput[]): Promise<string[]> {
    const ids: string[] = [];
    for (const input of inputs) {
      try {
        // Not the job's signal: once fal accepts work we are paying for it, so the submission
        // must finish and reach onSubmitted; the runner's abort is honoured right after.
        const queued = await client.queue.submit(modelId, { input, abortSignal: callSignal() });
        ids.push(submittedSchema.parse(queued).request_id);
      } catch (error) {
        // The job fails without a stored id, so earlier requests of it would run unclaimed.
        await Promise.allSettled(ids.map((id) => cancelOne(modelId, id)));
        const failed = failure('submit', error);
        // An HTTP refusal means fal created no request; a lost connection leaves it unknown.
        if (error instanceof FalHttpError && ids.length === 0) {
          throw new ProviderError(failed.message, failed.transient, {
            cause: error,
            nothingSubmitted: true,
          });
        }
        throw failed;
      }
    }
    return ids;
  }

  async function waitForAll(
    modelId: string,
    ids: string[],
    ctx: ProviderContext,
    expectedMs: number,
  ): Promise<void> {
    const phases = new Map<string, Phase>(
      ids.map((id) => [id, { state: 'queued', position: null }]),
    );
    let failedPolls = 0;
    let reported = '';
    for (;;) {
      for (const [id, phase] of phases) {
        if (phase.state === 'done') continue;
        ctx.signal.throwIfAborted();
        try {
          const answer: unknown = await client.queue.status(modelId, {
            requestId: id,
            logs: false,
            abortSignal: callSignal(ctx.signal),
          });
          phases.set(id, nextPhase(phase, statusSchema.parse(answer)));
          failedPolls = 0;
        } catch (error) {
          ctx.signal.throwIfAborted();
          const mapped = failure('status', error);
          failedPolls += 1;
          if (!mapped.transient || failedPolls > MAX_FAILED_POLLS) throw mapped;
        }
      }
      const update = progressOf([...phases.values()], expectedMs);
      const key = JSON.stringify(update);
      if (key !== reported) {
        reported = key;
        ctx.onProgress(update);
      }
      if ([...phases.values()].every((phase) => phase.state === 'done')) return;
      try {
        await delay(pollIntervalMs, undefined, { signal: ctx.signal });
      } catch (error) {
        ctx.signal.throwIfAborted();
        throw error;
      }
    }
  }

  async function resultsOf(modelId: string, ids: string[], signal: AbortSignal) {
    const data: unknown[] = [];
    for (const id of ids) {
      try {
        const result = await client.queue.result(modelId, {
          requestId: id,
          abortSignal: callSignal(signal),
        });
        data.push(result.data);
      } catch (error) {
        signal.throwIfAborted();
        throw failure('result', error);
      }
    }
    return data;
  }

  async function cancelOne(modelId: string, requestId: string): Promise<void> {
    try {
      await client.queue.cancel(modelId, { requestId, abortSignal: callSignal() });
    } catch (error) {
      // 400 ALREADY_COMPLETED and 404: nothing is left to cancel.
      if (error instanceof FalHttpError && (error.status === 400 || error.status === 404)) return;
      throw failure('cancel', error);
    }
  }

  /** Submits (or resumes) the job's requests, waits for all of them and returns their outputs. */
  async function run(
    toolModel: string,
    buildInputs: () => FalInput[] | Promise<FalInput[]>,
    ctx: ProviderContext,
    expectedMs: number,
  ): Promise<unknown[]> {
    let modelId = toolModel;
    let ids: string[];
    if (ctx.requestId) {
      const stored = decodeHandle(ctx.requestId, toolModel);
      modelId = stored.modelId ?? toolModel;
      ids = stored.requestIds;
      if (ids.length === 0)
        throw new ProviderError('The stored provider request is unreadable', false);
    } else {
      ctx.signal.throwIfAborted();
      const inputs = await buildInputs();
      await ctx.beforeSubmit();
      ids = await submitAll(modelId, inputs);
      await ctx.onSubmitted(encodeHandle(modelId, ids));
    }
    await waitForAll(modelId, ids, ctx, expectedMs);
    return resultsOf(modelId, ids, ctx.signal);
  }

  const media = async (
    modelId: string,
    expectedMs: number,
    ctx: ProviderContext,
    buildInputs: () => FalInput[] | Promise<FalInput[]>,
  ) => ({ outputs: mediaOutputs(await run(modelId, buildInputs, ctx, expectedMs)) });

  return {
    name: 'fal',
    capabilities: () => CAPABILITIES,

    // One FASHN call per pair: its samples are the pair's images, its fields are our settings.
    tryOn: (job, ctx) =>
      media(models['try-on'], TRY_ON_MS, ctx, () => [
        {
          model_image: job.model.publicUrl,
          garment_image: job.garment.publicUrl,
          category: job.settings.category,
          mode: job.settings.mode,
          garment_photo_type: job.settings.garmentPhotoType,
          num_samples: job.settings.numImages,
          output_format: 'jpeg',
        },
      ]),

    realisticTryOn: (job, ctx) =>
      media(models['realistic-try-on'], TRY_ON_MS, ctx, () =>
        job.templates.map((template) => ({
          image_urls: [template.image.publicUrl, job.garment.publicUrl],
          prompt: realisticTryOnPrompt(job, template.prompt),
          aspect_ratio: job.settings.aspectRatio,
          num_images: 1,
          output_format: 'jpeg',
        })),
      ),

    design: (job, ctx) =>
      media(models['ai-designer'], EDIT_MS, ctx, () =>
        edits(job.settings.numImages, {
          image_url: job.garment.publicUrl,
          prompt: designPrompt(job.settings),
          aspect_ratio: job.settings.aspectRatio,
        }),
      ),

    pose: (job, ctx) =>
      media(models['ai-poses'], EDIT_MS, ctx, () =>
        edits(job.settings.numImages, {
          image_urls: [job.model.publicUrl, ...(job.poseImage ? [job.poseImage.publicUrl] : [])],
          prompt: posePrompt(job),
          aspect_ratio: job.settings.aspectRatio,
        }),
      ),

    photoshoot: (job, ctx) =>
      media(models.photoshoot, EDIT_MS, ctx, () =>
        edits(job.settings.numImages, {
          image_url: job.product.publicUrl,
          prompt: photoshootPrompt(job.settings),
        }),
      ),

    extract: (job, ctx) =>
      media(models['fashion-extractor'], EDIT_MS, ctx, () =>
        edits(job.settings.numImages, {
          image_url: job.image.publicUrl,
          prompt: extractPrompt(job.settings),
        }),
      ),

    upscale: (job, ctx) =>
      media(models.upscaler, UPSCALE_MS, ctx, async () => {
        // The local engine's target size (caps included) as a Clarity factor, which must lie in
        // 1–4: '4k' of a small source stops at 4x, and a source already past 4K is not shrunk.
        const source = await orientedSize(await job.image.load());
        const target = upscaleDimensions(source.width, source.height, job.settings.upscaleFactor);
        const factor = Math.min(4, Math.max(1, target.width / source.width));
        return [
          {
            image_url: job.image.publicUrl,
            upscale_factor: Math.round(factor * 100) / 100,
            // Below Clarity's defaults (0.35 / 0.6): garments must keep their exact print and weave.
            creativity: 0.2,
            resemblance: 0.8,
          },
        ];
      }),

    removeBackground: (job, ctx) =>
      media(models['background-removal'], CUTOUT_MS, ctx, () => [
        { image_url: job.image.publicUrl, output_format: 'png' },
      ]),

    video: (job, ctx) =>
      media(models['video-generation'], VIDEO_MS_PER_5S * (job.settings.duration / 5), ctx, () => [
        {
          image_url: job.image.publicUrl,
          prompt: job.settings.prompt,
          duration: job.settings.duration === 10 ? '10' : '5',
          negative_prompt: 'blur, distortion, low quality',
        },
      ]),

    async prompt(image, signal) {
      const ctx: ProviderContext = {
        signal,
        requestId: null,
        beforeSubmit: async () => undefined,
        onSubmitted: async () => undefined,
        onProgress: () => undefined,
      };
      const input = promptInput(models.prompt, image);
      const [data] = await run(models.prompt, () => [input], ctx, PROMPT_MS);
      const parsed = textSchema.safeParse(data);
      const prompt = parsed.success ? cleanPrompt(parsed.data.output) : '';
      if (!prompt) throw new ProviderError('The provider did not write a prompt', false);
      return { prompt, preview: false };
    },

    async cancel(requestId) {
      const { modelId, requestIds } = decodeHandle(requestId, null);
      // A bare id does not say which model's queue holds it; fal cannot be asked without one.
      if (!modelId) return;
      for (const id of requestIds) await cancelOne(modelId, id);
    },
  };
}

function nextPhase(phase: Phase, status: z.infer<typeof statusSchema>): Phase {
  if (status.status === 'IN_QUEUE')
    return { state: 'queued', position: status.queue_position ?? null };
  if (status.status === 'IN_PROGRESS')
    return phase.state === 'running' ? phase : { state: 'running', since: Date.now() };
  // COMPLETED, or a terminal state this client does not know: the result tells how it ended.
  return { state: 'done' };
}

/**
 * fal reports a queue position (0 = next) but no progress, so while work runs the progress is an
 * estimate from the elapsed time against the model's typical duration, approaching 95 %.
 */
function progressOf(
  phases: Phase[],
  expectedMs: number,
): { progress?: number; queuePosition?: number | null } {
  if (phases.every((phase) => phase.state === 'queued')) {
    const positions = phases.flatMap((phase) => (phase.position === null ? [] : [phase.position]));
    return { queuePosition: positions.length > 0 ? Math.min(...positions) + 1 : null };
  }
  const now = Date.now();
  const total = phases.reduce((sum, phase) => {
    if (phase.state === 'done') return sum + 100;
    if (phase.state === 'queued') return sum;
    return sum + 5 + 90 * (1 - Math.exp(-(now - phase.since) / expectedMs));
  }, 0);
  return { progress: Math.min(95, Math.round(total / phases.length)), queuePosition: null };
}

function failure(call: Call, error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof FalTransportError) {
    return new ProviderError('Could not reach the provider', true, { cause: error.original });
  }
  if (!(error instanceof FalHttpError)) {
    return new ProviderError('The provider answered unexpectedly', true, { cause: error });
  }
  const { status } = error;
  const permanent = (message: string) => new ProviderError(message, false, { cause: error });
  const transient = (message: string) => new ProviderError(message, true, { cause: error });
  if (status === 401 || status === 403) return permanent('The provider rejected our credentials');
  // fal's own verdict outranks our reading of the status code. A typed request error (a 504
  // `request_timeout`, a 503 `runner_disconnected`…) comes after fal's queue already retried the
  // work up to 10 times: asking again only keeps the user waiting and the credits held.
  // A model error's `detail[].type` is the model's verdict on this input: just as final.
  if (error.retryable === true) return transient('The provider is temporarily unavailable');
  if (error.retryable === false || error.errorType !== null || modelErrorTypes(error).length > 0) {
    const typed = typedFailureMessage(error);
    const untyped =
      status === 400 || status === 422
        ? rejectedInputMessage(error.body)
        : 'The provider could not finish this generation';
    return permanent(typed ?? untyped);
  }
  if (status === 429) return transient('The provider is busy');
  if (call === 'result') {
    // The run is over (status said COMPLETED); how it ended shows only here.
    if (status === 404 || status === 410) return permanent('The provider result expired');
    if (status === 422) return permanent(rejectedInputMessage(error.body));
    // Untyped gateway answers, not the model's verdict: reading the result again later is free.
    if (status === 502 || status === 503 || status === 504) {
      return transient('The provider is temporarily unavailable');
    }
    if (status >= 500) return permanent('The provider failed to produce a result');
    const detail = detailSchema.safeParse(error.body);
    const cancelled =
      detail.success && JSON.stringify(detail.data.detail).toLowerCase().includes('cancel');
    return permanent(cancelled ? CANCELLED_MESSAGE : 'The provider failed to produce a result');
  }
  if (status >= 500) return transient('The provider is temporarily unavailable');
  if (status === 404) {
    return permanent(
      call === 'submit'
        ? 'The provider does not offer this model'
        : 'The provider no longer knows this request',
    );
  }
  if (status === 400 || status === 422) return permanent(rejectedInputMessage(error.body));
  return permanent('The provider refused the request');
}

const TIMED_OUT_MESSAGE = 'The provider timed out before the result was ready';
const PROVIDER_FAILED_MESSAGE = 'The provider failed while generating';
const CANCELLED_MESSAGE = 'The generation was cancelled at the provider';
const NO_PERSON_MESSAGE = 'No person was found in the photo';
const NO_OUTPUT_MESSAGE = 'The provider returned no output';

/*
 * What the user reads for each of fal's documented failure types. Request error types (one per
 * response, in `X-Fal-Error-Type` / `error_type`): fal docs "Request Error Types". Model error
 * types (`detail[].type`): fal docs "Model Errors". Types not listed keep the generic messages.
 */
const REQUEST_ERROR_MESSAGES: Record<string, string> = {
  request_timeout: TIMED_OUT_MESSAGE,
  startup_timeout: TIMED_OUT_MESSAGE,
  runner_scheduling_failure: PROVIDER_FAILED_MESSAGE,
  runner_connection_timeout: PROVIDER_FAILED_MESSAGE,
  runner_disconnected: PROVIDER_FAILED_MESSAGE,
  runner_connection_refused: PROVIDER_FAILED_MESSAGE,
  runner_connection_error: PROVIDER_FAILED_MESSAGE,
  runner_incomplete_response: PROVIDER_FAILED_MESSAGE,
  runner_server_error: PROVIDER_FAILED_MESSAGE,
  internal_error: PROVIDER_FAILED_MESSAGE,
  client_disconnected: CANCELLED_MESSAGE,
  client_cancelled: CANCELLED_MESSAGE,
  bad_request: 'The provider refused the request',
};
const MODEL_ERROR_MESSAGES: Record<string, string> = {
  content_policy_violation: "The image was refused by the provider's content policy",
  face_detection_error: NO_PERSON_MESSAGE,
  image_too_small: 'The photo is too small for this tool',
  image_too_large: 'The photo is too large for this tool',
  file_too_large: 'The photo is too large for this tool',
  image_load_error: 'The provider could not read the photo',
  unsupported_image_format: 'The provider could not read the photo',
  file_download_error: 'The provider could not download the photo',
  no_media_generated: NO_OUTPUT_MESSAGE,
  generation_timeout: TIMED_OUT_MESSAGE,
  internal_server_error: PROVIDER_FAILED_MESSAGE,
  downstream_service_error: PROVIDER_FAILED_MESSAGE,
  downstream_service_unavailable: PROVIDER_FAILED_MESSAGE,
};
/** Detection failures a model names in its own words (a pose or person check), not in fal's list. */
const NO_PERSON_TYPE =
  /(person|human|pose|face|body).*(detect|found|error)|no_(person|human|face)/i;

function modelErrorTypes(error: FalHttpError): string[] {
  const model = modelErrorsSchema.safeParse(error.body);
  return model.success ? model.data.detail.map((item) => item.type) : [];
}

/** The user-facing reason for a typed fal failure, or null when fal named no type we know. */
function typedFailureMessage(error: FalHttpError): string | null {
  // The model's own verdict is the more specific one (a 422 names the field and the reason).
  for (const type of modelErrorTypes(error)) {
    const known = MODEL_ERROR_MESSAGES[type];
    if (known) return known;
    if (NO_PERSON_TYPE.test(type)) return NO_PERSON_MESSAGE;
  }
  return error.errorType ? (REQUEST_ERROR_MESSAGES[error.errorType] ?? null) : null;
}

function rejectedInputMessage(body: unknown): string {
  const parsed = detailSchema.safeParse(body);
  if (!parsed.success) return 'The provider rejected the input';
  const { detail } = parsed.data;
  const message = (typeof detail === 'string' ? detail : (detail[0]?.msg ?? ''))
    .trim()
    .slice(0, 300);
  return message
    ? `The provider rejected the input: ${message}`
    : 'The provider rejected the input';
}

function mediaOutputs(results: unknown[]): ProviderOutput[] {
  const outputs: ProviderOutput[] = [];
  let blocked = 0;
  for (const result of results) {
    const parsed = mediaSchema.safeParse(result);
    if (!parsed.success) continue;
    const { images = [], image, video, has_nsfw_concepts: flagged = [] } = parsed.data;
    images.forEach((file, index) => {
      // Flagged images come back blacked out; they are not worth storing or charging for.
      if (flagged[index]) blocked += 1;
      else outputs.push({ kind: 'image', url: file.url });
    });
    if (image) outputs.push({ kind: 'image', url: image.url });
    if (video) outputs.push({ kind: 'video', url: video.url });
  }
  if (outputs.length === 0) {
    throw new ProviderError(
      blocked > 0 ? "The provider's safety filter blocked the result" : NO_OUTPUT_MESSAGE,
      false,
    );
  }
  return outputs;
}

/** Kontext inputs for `total` images, split over calls of at most MAX_IMAGES_PER_REQUEST. */
function edits(total: number, input: FalInput): FalInput[] {
  const batches: FalInput[] = [];
  for (let left = Math.max(1, total); left > 0; left -= MAX_IMAGES_PER_REQUEST) {
    const count = Math.min(MAX_IMAGES_PER_REQUEST, left);
    batches.push({ ...input, num_images: count, output_format: 'jpeg' });
  }
  return batches;
}

/** Joins prompt fragments as sentences, skipping the empty and unset ones. */
function sentences(...parts: (string | false | null | undefined)[]): string {
  return parts
    .flatMap((part) => (typeof part === 'string' && part.trim() !== '' ? [part.trim()] : []))
    .map((part) => (/[.!?]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

function garmentName(clothType: string): string {
  return clothType === 'auto' ? 'garment' : clothType;
}

function realisticTryOnPrompt(job: RealisticTryOnJob, templatePrompt: string): string {
  return sentences(
    `Dress the person in the first image in the ${garmentName(job.settings.clothType)} from the second image`,
    "Keep the person's face, hair, body shape, pose and the background unchanged",
    "Reproduce the garment's colour, pattern, fabric and fit exactly",
    templatePrompt,
    job.settings.prompt,
  );
}

function designPrompt(settings: DesignJob['settings']): string {
  return sentences(
    `Create a new ${settings.style} fashion design based on this ${garmentName(settings.clothType)}`,
    settings.designTheme !== 'automatic' && `Give it a ${settings.designTheme} theme`,
    settings.colorPalette !== 'auto' && `Use a ${settings.colorPalette} colour palette`,
    settings.prompt,
    'Show the garment alone as a clean product photo on a plain light background',
  );
}

const BACKGROUND_PROMPTS: Record<
  PoseJob['settings']['background'],
  (color: string | undefined) => string
> = {
  'no-change': () => 'Keep the original background',
  natural: () => 'Place the person in a natural setting',
  studio: (color) => `Use a ${color ?? 'neutral'} studio backdrop`,
  outdoor: () => 'Place the person outdoors',
  minimalist: (color) => `Use a minimalist ${color ?? 'light'} background`,
  'simple-background': (color) => `Use a plain ${color ?? 'white'} background`,
};

function posePrompt(job: PoseJob): string {
  const { settings } = job;
  return sentences(
    'Show the same person as in the first image, with the same face, hair, body and outfit, in a new pose',
    job.poseImage && 'Copy the body pose of the person in the second image',
    settings.pose?.prompt,
    settings.viewType !== 'random' && `Frame it as a ${settings.viewType}`,
    settings.expression !== 'no-change' && `Make the facial expression ${settings.expression}`,
    BACKGROUND_PROMPTS[settings.background](settings.colorTheme),
    settings.prompt,
  );
}

function photoshootPrompt(settings: PhotoshootJob['settings']): string {
  return sentences(
    `Create a professional ${settings.sceneStyle} product photo of this product ${settings.prompt}`,
    'Keep the product exactly as it is: shape, colour, texture, print and logos',
    `Use a ${settings.colorTheme} colour theme`,
  );
}

const EXTRACTION_TARGETS: Record<ExtractJob['settings']['extractionType'], string> = {
  'full-outfit': 'the complete outfit',
  'individual-items': 'each clothing item, laid out separately side by side',
  accessories: 'only the accessories (jewellery, bags, shoes, belts, hats)',
  'upper-body': 'only the upper-body garment',
  'lower-body': 'only the lower-body garment',
};

function extractPrompt(settings: ExtractJob['settings']): string {
  return sentences(
    `Extract ${EXTRACTION_TARGETS[settings.extractionType]} worn in this image`,
    'Show it as a flat-lay product photo on a plain white background without the person, keeping colours, prints and details exact',
    settings.prompt,
  );
}

const VIDEO_PROMPT_INSTRUCTIONS =
  'Write one prompt for an image-to-video model that animates this fashion photo. In one or two ' +
  "sentences, describe the subject's natural movement and a gentle camera motion that keep the " +
  'outfit in view. Answer with the prompt only.';

function promptInput(modelId: string, image: InputImage): FalInput {
  // The router speaks OpenRouter's shape; fal's single-image vision models take image_url + prompt.
  return modelId.startsWith('openrouter/')
    ? {
        model: PROMPT_LLM,
        image_urls: [image.publicUrl],
        prompt: VIDEO_PROMPT_INSTRUCTIONS,
        max_tokens: 200,
      }
    : { image_url: image.publicUrl, prompt: VIDEO_PROMPT_INSTRUCTIONS };
}

function cleanPrompt(text: string): string {
  return text
    .trim()
    .replace(/^["'“]+|["'”]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 2000);
}
