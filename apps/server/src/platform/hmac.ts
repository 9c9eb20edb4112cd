import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/*
 * Signed values the server hands out and later reads back (the gallery zip link, the device
 * cookie): HMAC-SHA256 under a key of their own, sent as base64url.
 */

/**
 * A key of its own for one kind of signed value, derived from the auth secret with HKDF and a
 * label: no setting to manage, and a value signed for one purpose never passes for another.
 */
export function derivedKey(authSecret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, '', label, 32));
}

/** The base64url HMAC-SHA256 of `text`. */
export function sign(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

/**
 * Whether `sent` is the signature of `text`: compared in constant time, and only in the spelling
 * `sign` gives (base64url decoding tolerates others), so a forgery learns nothing.
 */
export function signedBy(key: Buffer, text: string, sent: string): boolean {
  const expected = createHmac('sha256', key).update(text).digest();
  const given = Buffer.from(sent, 'base64url');
  return (
    given.length === expected.length &&
    timingSafeEqual(given, expected) &&
    given.toString('base64url') === sent
  );
}
