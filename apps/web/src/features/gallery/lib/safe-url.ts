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

/**
 * A stored media URL fit for another screen's `src`/`href`, or null. A same-origin path stays as
 * stored (the tools resolve it themselves); an absolute http(s) URL comes back normalised.
 * `//host/…` and `/\host/…` resolve to another origin, so they are refused like `javascript:`.
 */
export function toMediaLink(value: string, origin: string): string | null {
  const url = toHttpUrl(value, origin);
  if (url === null) return null;
  const trimmed = value.trim();
  if (trimmed.startsWith('/')) {
    return new URL(url).origin === new URL(origin).origin ? trimmed : null;
  }
  return /^https?:/i.test(trimmed) ? url : null;
}

/** The links of `values` that `toMediaLink` accepts, in order. */
export function toMediaLinks(values: readonly string[], origin: string): string[] {
  return values.flatMap((value) => {
    const link = toMediaLink(value, origin);
    return link === null ? [] : [link];
  });
}
