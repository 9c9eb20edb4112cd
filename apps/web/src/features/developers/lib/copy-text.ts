/**
 * Copies text with the Clipboard API; false when the browser refuses (an insecure origin, no
 * permission). The key and the example stay selectable on the page, so a refusal is only a
 * message, not a dead end. (The gallery's copy-text.ts adds an execCommand fallback; it is not
 * shared through lib/, whose modules ride in every page's first load.)
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- missing on insecure origins
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
