import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../http/errors';

/*
 * The one reading of the `Idempotency-Key` header and the one request fingerprint, for every POST
 * that takes a key (generate calls, catalogues, uploads, listing packs; issue 35, ADR 059).
 */

/** Stripe's bound ("up to 255 characters"); at least 8, as the generate calls always asked. */
export const IDEMPOTENCY_KEY_MIN = 8;
export const IDEMPOTENCY_KEY_MAX = 255;
/** Printable ASCII, no space at either end (the value is trimmed first). */
const PRINTABLE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * The key as sent: bare (`Idempotency-Key: 8e03…`, as Stripe's clients send it) or as the IETF
 * draft's Structured Field String (`Idempotency-Key: "8e03…"`, its `\"` and `\\` escapes undone).
 */
export function unquoteKey(raw: string): string {
  const value = raw.trim();
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(value);
  return quoted?.[1] === undefined ? value : quoted[1].replace(/\\(["\\])/g, '$1');
}

/** Why a key is refused, or null when it is a good one. */
export function keyProblem(key: string): string | null {
  if (key.length < IDEMPOTENCY_KEY_MIN || key.length > IDEMPOTENCY_KEY_MAX) {
    return `An Idempotency-Key has ${String(IDEMPOTENCY_KEY_MIN)} to ${String(IDEMPOTENCY_KEY_MAX)} characters (a UUID is a good one).`;
  }
  if (!PRINTABLE.test(key)) return 'An Idempotency-Key holds printable ASCII characters only.';
  return null;
}

/** The header's schema: validated (400 `validation_failed` otherwise), then unquoted. */
export const idempotencyKeySchema = z
  .string()
  .max(IDEMPOTENCY_KEY_MAX + 64)
  .superRefine((raw, ctx) => {
    const problem = keyProblem(unquoteKey(raw));
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(unquoteKey)
  .describe(
    `Names this request's work for 24 hours: the same key and body answer the first result, charged once; another body is 422. ${String(IDEMPOTENCY_KEY_MIN)}-${String(IDEMPOTENCY_KEY_MAX)} printable ASCII characters, bare or as a quoted string.`,
  );

/** The header fields a route that takes a key declares (spread into its `headers` object). */
export const idempotencyKeyHeader = { 'idempotency-key': idempotencyKeySchema.optional() };

/**
 * What a key remembers of a request, to tell a replay from a different request: SHA-256 of the
 * route's name and the validated body (or, for uploads, the files' own hashes). Naming the route
 * makes a key reused on another route a different request.
 */
export const requestFingerprint = (route: string, body: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify([route, body]))
    .digest('hex');

/** The same key with another body within its 24 hours (422, as Stripe and the IETF draft). */
export const idempotencyKeyReused = (what = 'request') =>
  new AppError(
    422,
    'idempotency_key_reused',
    `This Idempotency-Key was already used for a different ${what} in the last 24 hours.`,
  );
