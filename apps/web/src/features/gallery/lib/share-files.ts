import type { DownloadFile } from './download-files';

/**
 * How many generations' files stay in memory. Each holds up to 5 images or videos, so only the
 * few Share buttons the user last pointed at or focused keep theirs.
 */
export const SHARE_FILE_CACHE_SIZE = 3;

/** A media file as a `File` the share sheet can carry, named as a download would be. */
export async function fetchAsFile({ url, filename }: DownloadFile): Promise<File> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`HTTP error! status: ${String(response.status)}`);
  const blob = await response.blob();
  return new File([blob], filename, { type: blob.type });
}

export interface ShareFileCache {
  /** Starts fetching a generation's files, unless they are already here or on their way. */
  prefetch: (generationId: string, files: readonly DownloadFile[]) => void;
  /** The generation's fetched files; undefined while they load, or when none could be fetched. */
  ready: (generationId: string) => File[] | undefined;
}

interface Entry {
  files?: File[];
}

/**
 * The files a Share click hands to the system share sheet, fetched beforehand: the sheet needs
 * the click's user activation, which is gone by the time files fetched after the click arrive.
 */
export function createShareFileCache(
  loadFile: (file: DownloadFile) => Promise<File> = fetchAsFile,
  size = SHARE_FILE_CACHE_SIZE,
): ShareFileCache {
  const entries = new Map<string, Entry>();

  return {
    prefetch: (generationId, files) => {
      const known = entries.get(generationId);
      if (known) {
        // Most recently wanted last, so eviction takes the one pointed at longest ago.
        entries.delete(generationId);
        entries.set(generationId, known);
        return;
      }
      if (files.length === 0) return;
      const entry: Entry = {};
      entries.set(generationId, entry);
      for (const oldest of entries.keys()) {
        if (entries.size <= size) break;
        entries.delete(oldest);
      }
      void Promise.allSettled(files.map(loadFile)).then((results) => {
        // Evicted while loading: keep nothing.
        if (entries.get(generationId) !== entry) return;
        const loaded = results.flatMap((result) =>
          result.status === 'fulfilled' ? [result.value] : [],
        );
        // Nothing arrived (offline, say): forget it so the next pointer or focus tries again.
        if (loaded.length === 0) entries.delete(generationId);
        else entry.files = loaded;
      });
    },
    ready: (generationId) => entries.get(generationId)?.files,
  };
}

/** The page's one cache, shared by every card. */
export const shareFileCache = createShareFileCache();
