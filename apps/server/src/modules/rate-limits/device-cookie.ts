import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { derivedKey, sign, signedBy } from '../../platform/hmac';

/*
 * The device cookie (ADR 038, OWASP's "device cookies"): a browser that signed in to an account
 * once carries a random device id signed together with that account. Its later password attempts
 * on that account count in a bucket of their own, so nobody guessing from elsewhere can make the
 * owner wait. The account is in the signature, not in the cookie: the cookie names no email, and a
 * cookie from the guesser's own account is worth nothing against another one.
 */

export const DEVICE_COOKIE = 'studio_device';
/** A year: the owner's browser stays known between visits; a new sign-in renews it. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The cookie's own key, derived from the auth secret, so it can never pass for another token. */
export function deviceCookieKey(authSecret: string): Buffer {
  return derivedKey(authSecret, 'studio/password-device-cookie/v1');
}

const signed = (deviceId: string, account: string) => `${deviceId}\n${account}`;

/** A new device id signed for `account`: the cookie's value. */
export function signDevice(key: Buffer, account: string): string {
  const deviceId = randomBytes(16).toString('base64url');
  return `${deviceId}.${sign(key, signed(deviceId, account))}`;
}

/** The device id of `value` when it was signed for `account`, else null. */
export function verifiedDevice(key: Buffer, account: string, value: string): string | null {
  const [deviceId, signature, extra] = value.split('.');
  if (!deviceId || !signature || extra !== undefined || !/^[\w-]{22}$/.test(deviceId)) return null;
  return signedBy(key, signed(deviceId, account), signature) ? deviceId : null;
}

/** The device cookie's value as sent, if any (Better Auth parses its own; ours is read here). */
export function deviceCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return value.join('=');
  }
  return undefined;
}

/** The Set-Cookie header for `value`: sent only to the API, never readable by scripts. */
export function deviceSetCookie(value: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE}=${value}`,
    'Path=/api',
    `Max-Age=${String(DEVICE_COOKIE_MAX_AGE_SECONDS)}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
