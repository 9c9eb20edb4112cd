import { createHmac, randomBytes } from 'node:crypto';

/*
 * Standard Webhooks signing (spec 1.0.0, ADR 060): HMAC-SHA256 over `id.timestamp.body`, keyed
 * with the secret's bytes (the base64 after `whsec_`), sent as `v1,<base64>`. Several signatures
 * travel space-separated, which is how a rotated secret keeps working beside the new one.
 */

export const SECRET_PREFIX = 'whsec_';
/** 32 random bytes: inside the spec's 24 to 64. */
const SECRET_BYTES = 32;

/**
 * A new signing secret: `whsec_` and STANDARD base64 (the reference library decodes the standard
 * alphabet; a base64url secret would not verify there).
 */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** `v1,<base64 HMAC-SHA256>` of one attempt, for one secret. */
export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('not a whsec_ secret');
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key)
    .update(`${id}.${String(timestampSeconds)}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt, signed with every secret given (the new one first). */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => sign(s, id, timestampSeconds, body)).join(' '),
  };
}
