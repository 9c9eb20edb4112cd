import { useIsMutating, useMutation } from '@tanstack/react-query';
import type { GalleryItem } from '@studio/contract';
import { notify } from '@/components/ui/toast';
import { openInNewTab, saveFile } from '@/features/generations/lib/download';
import { downloadFiles, downloadSequentially, type DownloadOutcome } from '../lib/download-files';

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

function report({ saved, failed }: DownloadOutcome): void {
  if (saved > 0) {
    notify.success(
      `Download complete! ${String(saved)} file(s) downloaded successfully.`,
      failed > 0
        ? `${String(failed)} file(s) could not be saved and opened in a new tab instead.`
        : undefined,
    );
  } else {
    notify.error('Download failed', 'The files opened in new tabs so you can save them there.');
  }
}

/**
 * Download for one gallery card (document 1 §2): every image then every video, 500 ms apart.
 * The in-flight state lives in the query client's mutation cache, keyed by generation, so the
 * button stays disabled if the user pages away and back while files are still being saved.
 */
export function useGenerationDownload(item: GalleryItem) {
  const mutationKey = ['gallery', 'download', item.generationId];
  const downloading = useIsMutating({ mutationKey, exact: true }) > 0;
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
