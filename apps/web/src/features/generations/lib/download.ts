/** File extensions of the formats results come in. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
};

/**
 * The name a file is saved under: the chosen one, with the extension of what the file really is.
 * The spec names results '.jpg' (document 2 §9), but a cut-out is a transparent PNG: saved as
 * '.jpg' it opens as a broken or flattened image in some apps. Unknown types keep the name.
 */
export function nameForContent(filename: string, contentType: string): string {
  const extension = EXTENSIONS[contentType.split(';')[0]?.trim().toLowerCase() ?? ''];
  if (!extension) return filename;
  const dot = filename.lastIndexOf('.');
  const stem = dot > 0 ? filename.slice(0, dot) : filename;
  const current = dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
  // 'jpeg' and 'jpg' are the same format: a name the spec fixes is kept as it is.
  if (current === extension || (extension === 'jpg' && current === 'jpeg')) return filename;
  return `${stem}.${extension}`;
}

/**
 * Saves a file under a chosen name (its extension following the file's real type). Media URLs are same-origin, so the file is fetched as a blob
 * and saved through an object URL: the `download` attribute alone is ignored for some responses,
 * and the spec names every file (document 2 §9, document 1 §2 Download).
 */
export async function saveFile(url: string, filename: string, signal?: AbortSignal): Promise<void> {
  const response = await fetch(url, { credentials: 'include', signal: signal ?? null });
  if (!response.ok) throw new Error(`HTTP error! status: ${String(response.status)}`);
  const blob = await response.blob();
  saveBlob(blob, nameForContent(filename, blob.type));
}

/** A click on a hidden link to `href`: with `download` set, the browser saves what it gets. */
function followLink(href: string, download: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = download;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Hands a short-lived download link (a zip the server streams) to the browser, which saves it
 * to disk with its own progress and under the server's name (Content-Disposition). Read through
 * `fetch` instead, a large zip would sit in this tab's memory whole.
 */
export function downloadLink(url: string): void {
  followLink(url, '');
}

/** Saves bytes already in memory under `name`, as a link click would. */
export function saveBlob(blob: Blob, name: string): void {
  const objectUrl = URL.createObjectURL(blob);
  try {
    followLink(objectUrl, name);
  } finally {
    // Revoke after the click has been handled; revoking at once cancels the save in some browsers.
    setTimeout(() => {
      URL.revokeObjectURL(objectUrl);
    }, 10_000);
  }
}

/** The fallback when a save fails: the file opens in a new tab where the user can save it. */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
