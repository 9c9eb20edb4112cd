/**
 * A stored media URL as an absolute http(s) link, or null. Gallery URLs are same-origin paths
 * today, but they end up in share links, new tabs and downloads, where a `javascript:`, `data:`
 * or `blob:` URL must never arrive.
 */
export function toHttpUrl(value: string, origin: string): string | null {
  if (value.trim() === '') return null;
  try {
    const url = new URL(value.trim(), origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
