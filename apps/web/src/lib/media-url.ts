/**
 * Media URLs come from stored generations and from router state. Only http(s) URLs and
 * same-origin paths may become a `src`, an `href`, a share link or a download, so a stored
 * `javascript:`, `data:` or `blob:` URL can never run or render, and `//host` or `/\host` (which
 * browsers read as another origin) never leaves the app.
 */
export function safeMediaUrl(value: string): string | null {
  const url = value.trim();
  if (url === '') return null;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The URLs of `values` that `safeMediaUrl` accepts, in order. */
export function safeMediaUrls(values: readonly string[]): string[] {
  return values.flatMap((value) => {
    const url = safeMediaUrl(value);
    return url === null ? [] : [url];
  });
}

/** A media URL as an absolute http(s) link (for share text, new tabs, downloads), or null. */
export function toHttpUrl(value: string, origin: string): string | null {
  const url = safeMediaUrl(value);
  return url === null ? null : new URL(url, origin).href;
}

const STORED_MEDIA = /^\/api\/v1\/media\/[\w-]+$/;

/**
 * The small rendition of one of our stored images (the server keeps a thumbnail of each), for
 * pictures shown small such as template cards; any other URL is returned as it is.
 */
export function thumbnailOf(url: string): string {
  return STORED_MEDIA.test(url) ? `${url}/thumbnail` : url;
}
