import { z } from 'zod';

/** Stable machine-readable error codes; the client branches on these, never on messages. */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
  'service_unavailable',
  'insufficient_credits',
  'plan_required',
  'invalid_signature',
  'payment_provider_error',
  'unsupported_image',
  'upload_too_large',
  'input_not_allowed',
  'too_many_generations',
  'too_many_batches',
  'generation_failed',
  'link_expired',
  'free_regeneration_used',
  'free_regeneration_not_offered',
  'idempotency_key_reused',
  'idempotency_key_in_use',
  'too_many_keys',
  'invalid_password',
  'no_password',
  'url_not_allowed',
  'too_many_endpoints',
  'endpoint_disabled',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The one error body every `/api` failure uses (ARCHITECTURE §5). */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
