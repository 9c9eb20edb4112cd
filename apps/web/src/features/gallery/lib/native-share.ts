import { isRecord } from '@/lib/guards';
import type { DownloadFile } from './download-files';
import { SHARE_TITLE, shareText } from './share-links';

/** The Web Share API as far as this page uses it; every part may be missing. */
export interface ShareCapableNavigator {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
}

export type NativeShareOutcome = 'shared' | 'cancelled' | 'unavailable';

async function fetchAsFile({ url, filename }: DownloadFile): Promise<File> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`HTTP error! status: ${String(response.status)}`);
  const blob = await response.blob();
  return new File([blob], filename, { type: blob.type });
}

/** By name: a DOMException is not an Error in every environment (jsdom, older WebViews). */
function isAbort(error: unknown): boolean {
  return isRecord(error) && error.name === 'AbortError';
}

/**
 * The system share sheet (document 1 §2), with the files attached when the platform can share
 * them, else the links as text. 'cancelled' when the user closed the sheet (nothing more to do);
 * 'unavailable' when there is no share sheet or it failed, so the caller offers its own dialog.
 */
export async function shareNatively(
  urls: readonly string[],
  files: readonly DownloadFile[],
  nav: ShareCapableNavigator = navigator,
  loadFile: (file: DownloadFile) => Promise<File> = fetchAsFile,
): Promise<NativeShareOutcome> {
  if (nav.share === undefined) return 'unavailable';
  const text = shareText(urls);
  try {
    const loaded = await Promise.allSettled(files.map(loadFile));
    const attachments = loaded.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value] : [],
    );
    const withFiles = attachments.length > 0 && nav.canShare?.({ files: attachments }) === true;
    await nav.share(
      withFiles ? { title: SHARE_TITLE, text, files: attachments } : { title: SHARE_TITLE, text },
    );
    return 'shared';
  } catch (error) {
    return isAbort(error) ? 'cancelled' : 'unavailable';
  }
}
