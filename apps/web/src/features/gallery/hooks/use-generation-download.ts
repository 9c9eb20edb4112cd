import { useIsMutating, useMutationState } from '@tanstack/react-query';
import { useMutation } from '@/lib/use-mutation';
import type { GalleryItem } from '@studio/contract';
import { notify } from '@/components/ui/toast';
import { openInNewTab, saveFile } from '@/features/generations';
import {
  downloadFiles,
  downloadSequentially,
  type DownloadOutcome,
  type FailedDownload,
} from '../lib/download-files';

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * The summary. A failed file was also tried in a new tab, but that runs after awaits, where popup
 * blockers stop it silently (and `noopener` hides the result), so the toast claims only what is
 * known and the card lists links to the failed files.
 */
function report({ saved, failed }: DownloadOutcome): void {
  if (saved > 0) {
    notify.success(`Download complete! ${String(saved)} file(s) downloaded successfully.`);
  }
  if (failed.length > 0) {
    notify.error(
      `${String(failed.length)} file(s) could not be downloaded.`,
      'Open them from the links on the card to save them yourself.',
    );
  }
}

const NO_FAILURES: FailedDownload[] = [];

/**
 * Download for one gallery card (document 1 §2): every image then every video, 500 ms apart.
 * The in-flight state lives in the query client's mutation cache, keyed by generation, so the
 * button stays disabled if the user pages away and back while files are still being saved.
 */
export function useGenerationDownload(item: GalleryItem) {
  const mutationKey = ['gallery', 'download', item.generationId];
  const downloading = useIsMutating({ mutationKey, exact: true }) > 0;
  // From the cache too, so the links survive paging away and back; a new attempt (pending, no
  // data yet) hides them.
  const latest = useMutationState({
    filters: { mutationKey, exact: true },
    // Only this hook's mutationFn runs under this key, so its data is a DownloadOutcome.
    select: (mutation) => mutation.state.data as DownloadOutcome | undefined,
  }).at(-1);
  const { mutate } = useMutation({
    mutationKey,
    mutationFn: () =>
      downloadSequentially(downloadFiles(item, window.location.origin), {
        save: (url, filename) => saveFile(url, filename),
        openFallback: openInNewTab,
        wait,
      }),
    // On the mutation, not on mutate(): the summary shows even if the card has unmounted.
    onSuccess: report,
  });

  return {
    downloading,
    /** The files of the last attempt that could not be saved, for links to open them. */
    failed: latest?.failed ?? NO_FAILURES,
    download: () => {
      if (downloading) return;
      if (downloadFiles(item, window.location.origin).length === 0) {
        notify.error('No content available to download');
        return;
      }
      mutate();
    },
  };
}
