import type { ErrorCode } from '@studio/contract';

/*
 * The API reference's error answers (issue 35, ADR 061). Most follow from a route's own options
 * and openapi.ts derives them (`errorCodesOf`); this file holds the rest: the HTTP status of every
 * error code, and the codes each operation's service can answer beyond the derived ones.
 */

/** The HTTP status each error code is answered with (error-handler.ts sends code and status). */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  input_not_allowed: 400,
  invalid_signature: 400,
  invalid_password: 400,
  no_password: 400,
  url_not_allowed: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  forbidden: 403,
  plan_required: 403,
  not_found: 404,
  conflict: 409,
  too_many_keys: 409,
  too_many_endpoints: 409,
  endpoint_disabled: 409,
  free_regeneration_used: 409,
  free_regeneration_not_offered: 409,
  link_expired: 410,
  payload_too_large: 413,
  upload_too_large: 413,
  unsupported_media_type: 415,
  // An upload in a format we do not read is 415; one we read but refuse (too many pixels) is 422.
  unsupported_image: [415, 422],
  idempotency_key_reused: 422,
  idempotency_key_in_use: 409,
  rate_limited: 429,
  too_many_generations: 429,
  too_many_batches: 429,
  internal_error: 500,
  generation_failed: 502,
  payment_provider_error: 502,
  service_unavailable: 503,
} as const satisfies Record<ErrorCode, number | readonly number[]>;

/** What each 4xx status means here, as the reference describes it. */
export const STATUS_MEANING: Record<number, string> = {
  400: 'The request is malformed or fails validation (`details` names each field), or carries both a session cookie and an API key.',
  401: 'No valid session, or an API key that is unknown or revoked.',
  402: 'Not enough credits for this work (`details` has what it costs and what is left).',
  403: 'Not allowed: an API key without the scope this call needs (or on a call that takes no key), a `userId` that is not the caller’s, a plan without this tool or mode, or a cross-site request.',
  404: 'Not found, or not the caller’s (another user’s object answers the same).',
  409: 'Not in a state that allows this (or too many keys), or the first request with this Idempotency-Key is still running: retry in a moment.',
  410: 'The link has expired: ask for a new one.',
  413: 'Too large.',
  415: 'A media type this call does not take.',
  422: 'Well-formed but refused: an Idempotency-Key already used with another body, or an image that cannot be used.',
  429: 'Too many requests or too much work at once: wait (`Retry-After`) and try again.',
};

/** Each generate call's own refusals (generations.service `startGeneration`). */
const GENERATE: readonly ErrorCode[] = [
  'plan_required',
  'insufficient_credits',
  'input_not_allowed',
  'too_many_generations',
];

/**
 * What an operation's service answers beyond the codes derived from its options (400, 401, 403,
 * 404 on an id in the path, 413/415 with a body, 422 with an Idempotency-Key, 429 under a rate
 * limit), by operationId. openapi.int.test.ts fails on an id no operation has.
 */
export const ROUTE_ERRORS: Partial<Record<string, readonly ErrorCode[]>> = {
  // Uploads read multipart themselves: their 413 (a file, the count, the storage quota) and 415.
  postUploads: [
    'upload_too_large',
    'unsupported_media_type',
    'unsupported_image',
    'idempotency_key_in_use',
  ],
  postPhotoshootGenerate: GENERATE,
  postTryOnGenerate: GENERATE,
  postRealisticTryonGenerate: GENERATE,
  postAiDesignerGenerate: GENERATE,
  postAiPosesGenerate: GENERATE,
  postFashionExtractorGenerate: GENERATE,
  postVideoGenerate: GENERATE,
  postUpscaler: GENERATE,
  postBackgroundRemoval: GENERATE,
  // Prepare names one of the user's generations: 404 for another's, 409 while it has no image.
  postListingPrepare: [...GENERATE, 'not_found', 'conflict'],
  postVideoPrompt: ['input_not_allowed'],
  postGenerationsByIdFreeRegeneration: [
    'free_regeneration_used',
    'free_regeneration_not_offered',
    'too_many_generations',
  ],
  postTryOnBatches: [
    'plan_required',
    'insufficient_credits',
    'input_not_allowed',
    'too_many_batches',
  ],
  getTryOnBatchesByIdZip: ['conflict'],
  postGalleryZip: ['not_found', 'conflict'],
  getGalleryZipPath: ['link_expired'],
  deleteGalleryGenerations: ['not_found'],
  postListingCheck: ['not_found', 'conflict', 'input_not_allowed'],
  postListingPacks: [
    'not_found',
    'conflict',
    'plan_required',
    'insufficient_credits',
    'idempotency_key_in_use',
  ],
  getListingPacksPath: ['link_expired'],
  postApiKeys: ['too_many_keys'],
  postWebhookEndpoints: ['url_not_allowed', 'too_many_endpoints'],
  postWebhookEndpointsByIdDeliveriesByDeliveryIdResend: ['endpoint_disabled'],
  postUserPassword: ['invalid_password', 'no_password'],
  postOrderStatus: ['not_found'],
  postPaymentsSandboxComplete: ['not_found', 'conflict'],
  // Unconfigured, a provider's webhook is 404; a forged delivery is 400.
  postPaymentsStripeWebhook: ['invalid_signature', 'not_found'],
  postPaymentsRazorpayWebhook: ['invalid_signature', 'not_found'],
};
