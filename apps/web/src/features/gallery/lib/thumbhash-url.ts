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

/** Decoded previews by hash: a card shown again (back to a page, a refetch) paints its blur at once. */
const decoded = new Map<string, string | null>();
const DECODED_KEPT = 240; // 20 pages of cards; each entry is ~1–2 KB of data URL

/** The preview if this hash was decoded before; undefined when it has not been. */
export function decodedPreview(base64: string): string | null | undefined {
  return decoded.get(base64);
}

/** Decodes (or reuses) a preview and remembers it, forgetting the oldest beyond the cap. */
export function decodePreview(base64: string): string | null {
  const known = decoded.get(base64);
  if (known !== undefined) return known;
  const url = thumbhashDataUrl(base64);
  decoded.set(base64, url);
  if (decoded.size > DECODED_KEPT) decoded.delete(decoded.keys().next().value ?? base64);
  return url;
}
