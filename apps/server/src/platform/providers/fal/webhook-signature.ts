import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/*
 * fal's webhook signature, as its docs ("Webhooks", "Verifying Your Webhook") give it: an ED25519
 * signature, hex in X-Fal-Webhook-Signature, over the UTF-8 message
 * `<request id>\n<user id>\n<timestamp>\n<hex SHA-256 of the raw body>`, checked against each key
 * of fal's JWKS (no key id is sent), with the timestamp (Unix seconds) at most 5 minutes off.
 */

/** fal's documented tolerance between its timestamp and our clock, either way. */
export const TIMESTAMP_TOLERANCE_SECONDS = 300;

export interface FalWebhookHeaders {
  requestId: string;
  userId: string;
  timestamp: string;
  signature: string;
}

/** Why a webhook was refused; for the log, never for the caller. */
export type SignatureProblem = 'missing headers' | 'stale timestamp' | 'bad signature';

const headersSchema = z.object({
  // fal's request ids are UUIDs; the bound keeps a forged header out of logs and queries.
  requestId: z.string().regex(/^[\w-]{1,128}$/),
  userId: z.string().min(1).max(256),
  timestamp: z.string().regex(/^\d{1,12}$/),
  // An ED25519 signature is 64 bytes.
  signature: z.string().regex(/^[0-9a-fA-F]{128}$/),
});

const jwkSchema = z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() });

/** The ED25519 keys of a JWKS document; other kinds of key are skipped. */
export function ed25519Keys(jwks: unknown): KeyObject[] {
  const keys = z.object({ keys: z.array(z.unknown()) }).safeParse(jwks);
  if (!keys.success) return [];
  return keys.data.keys.flatMap((entry) => {
    const jwk = jwkSchema.safeParse(entry);
    if (!jwk.success) return [];
    try {
      return [createPublicKey({ key: jwk.data, format: 'jwk' })];
    } catch {
      return [];
    }
  });
}

export function signedMessage(headers: FalWebhookHeaders, body: Buffer): Buffer {
  const digest = createHash('sha256').update(body).digest('hex');
  return Buffer.from(
    [headers.requestId, headers.userId, headers.timestamp, digest].join('\n'),
    'utf8',
  );
}

/** Checks headers and timestamp; null when they are usable, else why not. */
export function headerProblem(
  headers: Partial<FalWebhookHeaders>,
  nowMs: number,
): SignatureProblem | null {
  const parsed = headersSchema.safeParse(headers);
  if (!parsed.success) return 'missing headers';
  const skew = Math.abs(nowMs / 1000 - Number(parsed.data.timestamp));
  return skew > TIMESTAMP_TOLERANCE_SECONDS ? 'stale timestamp' : null;
}

/** True when one of the keys signed this body under these headers. */
export function signedByOneOf(
  headers: FalWebhookHeaders,
  body: Buffer,
  keys: readonly KeyObject[],
): boolean {
  const message = signedMessage(headers, body);
  const signature = Buffer.from(headers.signature, 'hex');
  return keys.some((key) => {
    try {
      return verify(null, message, key, signature);
    } catch {
      return false;
    }
  });
}
