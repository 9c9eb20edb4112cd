import { z } from 'zod';
import { ProviderError } from '../types';

/*
 * How fal's failures reach the user (ADR 033): which are final, which the runner may retry, and
 * the reason shown for each of fal's documented error types.
 */

export type Call = 'submit' | 'status' | 'result' | 'cancel';

/** fal's request errors: `{ detail: string, error_type: string }`. */
const requestErrorSchema = z.object({ error_type: z.string().min(1) });
/** fal's model errors: `{ detail: [{ loc, msg, type, url?, ctx? }] }`; only `type` is for logic. */
const modelErrorsSchema = z.object({
  detail: z.array(z.object({ type: z.string() })),
});

const detailSchema = z.object({
  detail: z.union([z.string(), z.array(z.object({ msg: z.string() })).min(1)]),
});

/**
 * A non-2xx answer. Thrown from our fetch so the SDK never builds its ApiError: the SDK retries
 * ApiErrors with backoff sleeps of up to a minute that ignore the abort signal, on top of the
 * runner's own retries. Here each HTTP call is made once and the runner owns the retry policy.
 */
export class FalHttpError extends Error {
  override name = 'FalHttpError';
  /**
   * fal's machine-readable failure category (request errors: `X-Fal-Error-Type`, or `error_type`
   * in the body). Its presence means fal itself gave up on the request, after its own retries.
   */
  readonly errorType: string | null;
  /**
   * Whether trying again may succeed, null if unsaid: `X-Fal-Retryable` ("true"/"false", on model
   * errors) or, failing that, `X-Fal-Needs-Retry` ("1"/"0", fal's retry override; fal docs
   * "Retries and Error Handling", "Model Errors", read 2026-11-28).
   */
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
    this.retryable =
      flag(headers.get('x-fal-retryable'), 'true', 'false') ??
      flag(headers.get('x-fal-needs-retry'), '1', '0');
  }
}

function flag(value: string | null, yes: string, no: string): boolean | null {
  const said = value?.trim().toLowerCase();
  return said === yes ? true : said === no ? false : null;
}

/**
 * fetch itself failed. The original error is kept off `cause` on purpose: the SDK walks the
 * `cause` chain for network error codes to decide on its own retries.
 */
export class FalTransportError extends Error {
  override name = 'FalTransportError';
  constructor(readonly original: unknown) {
    super('fal could not be reached');
  }
}

export function failure(call: Call, error: unknown): ProviderError {
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
  // A finished request's result never changes, so reading it again cannot help: the queue
  // resubmits such work once as a new request (issue 31), and what reaches here is final.
  if (error.retryable === true && call !== 'result') {
    return transient('The provider is temporarily unavailable');
  }
  if (error.retryable !== null || error.errorType !== null || modelErrorTypes(error).length > 0) {
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
export const NO_OUTPUT_MESSAGE = 'The provider returned no output';

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
