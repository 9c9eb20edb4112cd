/**
 * Media URLs come from stored generations; only http(s) and same-origin paths become links or
 * image sources, so a stored `javascript:` or `data:` URL can never run or render.
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
