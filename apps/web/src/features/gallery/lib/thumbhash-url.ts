import { thumbHashToDataURL } from 'thumbhash';

/**
 * The blurred preview of an image from its ThumbHash (base64 from the server), as a data URL,
 * or null when there is none or it is corrupt: a missing preview must never break a card.
 */
export function thumbhashDataUrl(base64: string | null): string | null {
  if (!base64) return null;
  try {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    return bytes.length < 5 ? null : thumbHashToDataURL(bytes);
  } catch {
    return null;
  }
}
