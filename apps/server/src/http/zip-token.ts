import { GALLERY_SELECTION_MAX } from '@studio/contract';
import { z } from 'zod';
import { AppError, notFound } from './errors';
import { derivedKey, sign, signedBy } from '../platform/hmac';

/*
 * The zip download links (the gallery's, ADR 030, and the listing packs', ADR 057): the POST
 * checks what will be zipped and signs it, so the browser can fetch the zip with a plain GET it
 * streams to disk. The token is `base64url(statement).base64url(HMAC-SHA256)`: nothing is stored
 * for it, and a token proves only what was checked moments ago (the GET still checks it against
 * the session).
 */

/** How long a link works: long enough to start a download, short enough that a leak is moot. */
export const ZIP_TOKEN_TTL_MS = 5 * 60_000;

/**
 * Longest token the GET route accepts. Our generation ids are 20 characters, so 100 of them sign
 * to about 3,300 characters; 8,192 leaves room for longer ids while the request line stays well
 * inside Node's 16 KiB header limit next to the session cookie.
 */
export const ZIP_TOKEN_MAX_LENGTH = 8192;

/** What a token states: this user may download these (generations, a pack) until `exp`. */
export interface ZipStatement {
  userId: string;
  ids: string[];
  /** Expiry, in milliseconds since the epoch (kept to whole seconds in the token). */
  exp: number;
}

/** The token's payload, with one-letter keys: it travels in a URL. */
const payloadSchema = z.object({
  u: z.string().min(1),
  g: z.array(z.string().min(1)).min(1).max(GALLERY_SELECTION_MAX),
  e: z.number().int().positive(),
});

/**
 * Why a token was refused: not ours (forged, cut, garbled), or ours but too old. An expired one
 * still names its user, so a link that was never the caller's reads as unknown, expired or not.
 */
export type ZipTokenReading =
  | { ok: true; statement: ZipStatement }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'expired'; userId: string };

/**
 * A kind of link's own key, derived from the auth secret with HKDF and a label: no new setting to
 * manage, and a zip token can never pass for anything else signed with the auth secret, nor a
 * gallery link for a pack's.
 */
export function zipTokenKey(authSecret: string, kind: 'gallery-zip' | 'listing-pack'): Buffer {
  return derivedKey(authSecret, `studio/${kind}-link/v1`);
}

/** A token stating that `userId` may download `ids` for the next five minutes. */
export function signZipToken(
  key: Buffer,
  grant: { userId: string; ids: readonly string[] },
  now = Date.now(),
): { token: string; expiresAt: Date } {
  const exp = Math.floor((now + ZIP_TOKEN_TTL_MS) / 1000);
  const payload = Buffer.from(JSON.stringify({ u: grant.userId, g: grant.ids, e: exp })).toString(
    'base64url',
  );
  const token = `${payload}.${sign(key, payload)}`;
  return { token, expiresAt: new Date(exp * 1000) };
}

/**
 * The statement of a token this server signed and that has not expired. The signature is checked
 * first and in constant time, so a forged token is only ever "invalid" and reveals nothing.
 */
export function readZipToken(key: Buffer, token: string, now = Date.now()): ZipTokenReading {
  const parts = token.split('.');
  if (parts.length !== 2) return { ok: false, reason: 'invalid' };
  const [payload = '', sent = ''] = parts;
  if (!signedBy(key, payload, sent)) return { ok: false, reason: 'invalid' };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const parsed = payloadSchema.safeParse(decoded);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  const exp = parsed.data.e * 1000;
  if (now >= exp) return { ok: false, reason: 'expired', userId: parsed.data.u };
  return { ok: true, statement: { userId: parsed.data.u, ids: parsed.data.g, exp } };
}

/**
 * The statement of a link for the user it was made for. A forged or foreign link is 404 (as an
 * unknown one, expired or not); the caller's own expired one 410. `again` says what to do then.
 */
export function readZipLink(
  key: Buffer,
  token: string,
  userId: string,
  again: string,
  now = Date.now(),
): ZipStatement {
  const reading = readZipToken(key, token, now);
  if (reading.ok && reading.statement.userId === userId) return reading.statement;
  if (!reading.ok && reading.reason === 'expired' && reading.userId === userId) {
    throw new AppError(410, 'link_expired', `This download link has expired. ${again}`);
  }
  throw notFound(`This download link is not valid. ${again}`);
}

/**
 * A link's token as its GET route takes it. A wildcard, not `:token`: the router refuses a path
 * parameter longer than 100 characters, and a signed selection of 100 generations is a few
 * thousand.
 */
export const zipTokenParams = z.object({
  '*': z
    .string()
    .min(1)
    .max(ZIP_TOKEN_MAX_LENGTH)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
});
