/**
 * Saves a file under a chosen name. Media URLs are same-origin, so the file is fetched as a blob
 * and saved through an object URL: the `download` attribute alone is ignored for some responses,
 * and the spec names every file (document 2 §9, document 1 §2 Download).
 */
export async function saveFile(url: string, filename: string, signal?: AbortSignal): Promise<void> {
  const response = await fetch(url, { credentials: 'include', signal: signal ?? null });
  if (!response.ok) throw new Error(`HTTP error! status: ${String(response.status)}`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = filename;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
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
