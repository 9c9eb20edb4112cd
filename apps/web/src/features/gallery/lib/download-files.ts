import type { GalleryItem } from '@studio/contract';
import { galleryDownloadName } from '@studio/contract/gallery';
import { toHttpUrl } from '@/lib/media-url';

export interface DownloadFile {
  url: string;
  filename: string;
}

/** Document 1 §2 Download: 500 ms between files, so browsers do not treat the burst as spam. */
export const DOWNLOAD_GAP_MS = 500;

/** `{type}-{generationId}-image-{N}.jpg` or `…-video-{N}.mp4`, as the zip names them too. */
export const downloadFileName = galleryDownloadName;

/** Every image, then every video, of a generation, each with its download name. */
export function downloadFiles(
  item: Pick<GalleryItem, 'type' | 'generationId' | 'imageUrlList' | 'videoUrlList'>,
  origin: string,
): DownloadFile[] {
  const files = (urls: string[], kind: 'image' | 'video') =>
    urls.flatMap((value, index) => {
      const url = toHttpUrl(value, origin);
      return url
        ? [{ url, filename: downloadFileName(item.type, item.generationId, kind, index + 1) }]
        : [];
    });
  return [...files(item.imageUrlList, 'image'), ...files(item.videoUrlList, 'video')];
}

/** A file that could not be saved: its link, and its place in the download order (from 1). */
export interface FailedDownload {
  url: string;
  position: number;
}

export interface DownloadOutcome {
  saved: number;
  failed: FailedDownload[];
}

interface DownloadDeps {
  save: (url: string, filename: string) => Promise<void>;
  /**
   * The fallback for a file that could not be saved (document 1 §2: open it in a new tab). It
   * runs after awaits, when popup blockers may stop it without a word, so its result is unknown
   * and the caller must offer another way to the file.
   */
  openFallback: (url: string) => void;
  wait: (ms: number) => Promise<void>;
}

/** Saves the files one after another with a pause between them; one failure never stops the rest. */
export async function downloadSequentially(
  files: readonly DownloadFile[],
  { save, openFallback, wait }: DownloadDeps,
): Promise<DownloadOutcome> {
  const outcome: DownloadOutcome = { saved: 0, failed: [] };
  for (const [index, file] of files.entries()) {
    if (index > 0) await wait(DOWNLOAD_GAP_MS);
    try {
      await save(file.url, file.filename);
      outcome.saved += 1;
    } catch {
      outcome.failed.push({ url: file.url, position: index + 1 });
      openFallback(file.url);
    }
  }
  return outcome;
}
