import { isRecord } from '@/lib/guards';
import { SHARE_TITLE, shareText } from './share-links';

/** The Web Share API as far as this page uses it; every part may be missing. */
export interface ShareCapableNavigator {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
}

export type NativeShareOutcome = 'shared' | 'cancelled' | 'unavailable';

/** By name: a DOMException is not an Error in every environment (jsdom, older WebViews). */
function isAbort(error: unknown): boolean {
  return isRecord(error) && error.name === 'AbortError';
}

/**
 * The system share sheet (document 1 §2), with `files` attached when they are at hand and the
 * platform can share them, else the links as text. `navigator.share` is called before the first
 * await: it needs the click's user activation, which Safari drops across awaits (NotAllowedError),
 * so call this straight from the click handler with files fetched beforehand.
 * 'cancelled' when the user closed the sheet (nothing more to do); 'unavailable' when there is no
 * share sheet or it failed, so the caller offers its own dialog.
 */
export async function shareNatively(
  urls: readonly string[],
  files: readonly File[] | undefined,
  nav: ShareCapableNavigator = navigator,
): Promise<NativeShareOutcome> {
  if (nav.share === undefined) return 'unavailable';
  const text = shareText(urls);
  try {
    const attachments = files && files.length > 0 ? [...files] : undefined;
    const withFiles = attachments !== undefined && nav.canShare?.({ files: attachments }) === true;
    await nav.share(
      withFiles ? { title: SHARE_TITLE, text, files: attachments } : { title: SHARE_TITLE, text },
    );
    return 'shared';
  } catch (error) {
    return isAbort(error) ? 'cancelled' : 'unavailable';
  }
}
