import { paths } from '@/config/paths';

/** Where the studio serves its stored outputs; the only files the verifier fetches itself. */
const MEDIA_PREFIX = '/api/v1/media/';

/**
 * A stored output's same-origin path, or null for anything else. Resolved as a URL so `..`
 * (also written `%2e%2e` or with backslashes) cannot step out of the media folder into another
 * API, and `//host` cannot leave the origin.
 */
function mediaPath(value: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !url.pathname.startsWith(MEDIA_PREFIX)) return null;
  return `${url.pathname}${url.search}`;
}

/**
 * The verifier's `?media=` value when it may be fetched: a path starting with `/api/v1/media/`
 * on this origin. Anything else (another site, another API, a full URL) is ignored, so a link
 * cannot make the page fetch with the visitor's cookies from elsewhere.
 */
export function verifiableMedia(value: string | null, origin: string): string | null {
  if (!value?.startsWith(MEDIA_PREFIX)) return null;
  return mediaPath(value, origin);
}

/** The verifier opened on one of the studio's outputs, or the plain verifier for other URLs. */
export function verifierHref(outputUrl: string | undefined, origin: string): string {
  const media = outputUrl === undefined ? null : mediaPath(outputUrl, origin);
  if (media === null) return paths.verify.path;
  return `${paths.verify.path}?${new URLSearchParams({ media }).toString()}`;
}
