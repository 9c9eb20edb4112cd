import { FalHttpError, FalTransportError } from './fal/failures';
import { DEADLINE_MESSAGE, ProviderError } from './types';

/**
 * The `error_type` label of a failed provider run (ADR 062): fal's own failure category when it
 * named one (`X-Fal-Error-Type`, `error_type`, a model error's `detail[].type`), else what the
 * failure was: `http_<status>`, `transport`, `timeout`, `deadline`, `refused` (nothing was taken),
 * `transient` or `failed` (our reading of an untyped answer), `internal` (not the provider's).
 * The metrics cap how many distinct values they keep.
 */
export function providerErrorType(error: unknown): string {
  let cause: unknown = error;
  for (let depth = 0; cause instanceof Error && depth < 4; depth++) {
    if (cause instanceof FalHttpError)
      return cause.errorType ?? modelErrorType(cause) ?? `http_${String(cause.status)}`;
    if (cause instanceof FalTransportError) return 'transport';
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError') return 'timeout';
    cause = cause.cause;
  }
  if (error instanceof ProviderError) {
    if (error.message === DEADLINE_MESSAGE) return 'deadline';
    if (error.nothingSubmitted) return 'refused';
    return error.transient ? 'transient' : 'failed';
  }
  return 'internal';
}

/** A model error's first `detail[].type` (fal docs "Model Errors"), when the body has one. */
function modelErrorType(error: FalHttpError): string | null {
  const body = error.body as { detail?: unknown } | null;
  if (!body || !Array.isArray(body.detail)) return null;
  const first: unknown = body.detail[0];
  const type = first && typeof first === 'object' ? (first as { type?: unknown }).type : undefined;
  return typeof type === 'string' && type !== '' ? type : null;
}
