/** The pre-Clipboard-API way: select a hidden textarea and ask the document to copy it. */
function legacyCopy(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.opacity = '0';
  // Copying moves focus; it goes back where it was (e.g. the Copy button in a dialog).
  const focused = document.activeElement;
  document.body.append(textarea);
  try {
    textarea.focus();
    textarea.select();
    // execCommand is deprecated but is still the only copy path where the Clipboard API is missing
    // or refused (insecure origins, older WebViews).
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
    if (focused instanceof HTMLElement) focused.focus();
  }
}

interface ClipboardCapableNavigator {
  clipboard?: { writeText?: (text: string) => Promise<void> };
}

/** Copies text to the clipboard; false when neither the Clipboard API nor the fallback could. */
export async function copyText(
  text: string,
  nav: ClipboardCapableNavigator = navigator,
): Promise<boolean> {
  try {
    if (nav.clipboard?.writeText) {
      await nav.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or not focused: the legacy path may still work.
  }
  return legacyCopy(text);
}
