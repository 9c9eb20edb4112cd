import { useState } from 'react';
import type { GalleryItem } from '@studio/contract';
import { notify } from '@/components/ui/toast';
import { downloadFiles } from '../lib/download-files';
import { shareNatively, type ShareCapableNavigator } from '../lib/native-share';
import { shareFileCache } from '../lib/share-files';
import { SHARE_MAX_FILES, shareableUrls } from '../lib/share-links';

/**
 * Share for one gallery card (document 1 §2): the system share sheet first, with up to 5 files
 * when they were fetched beforehand (`prepare`, on pointer or focus); where there is no sheet, or
 * it fails, the app's own dialog with links (`dialog` is then set).
 */
export function useGenerationShare(item: GalleryItem) {
  const [sharing, setSharing] = useState(false);
  const [dialog, setDialog] = useState<{ urls: string[]; open: boolean } | null>(null);

  const prepare = () => {
    const nav: ShareCapableNavigator = navigator;
    // Only a share sheet that can take files has a use for them.
    if (nav.share === undefined || nav.canShare === undefined) return;
    shareFileCache.prefetch(
      item.generationId,
      downloadFiles(item, window.location.origin).slice(0, SHARE_MAX_FILES),
    );
  };

  const share = () => {
    const urls = shareableUrls(item, window.location.origin);
    if (urls.length === 0) {
      notify.error('No content available to share');
      return;
    }
    // Straight from the click, before any await or re-render: the sheet needs the activation.
    // Files not fetched yet stay behind; the links still go.
    const outcome = shareNatively(urls, shareFileCache.ready(item.generationId));
    setSharing(true);
    void outcome
      .then((result) => {
        if (result === 'unavailable') setDialog({ urls, open: true });
      })
      .finally(() => {
        setSharing(false);
      });
  };

  return {
    sharing,
    prepare,
    share,
    dialog,
    setDialogOpen: (open: boolean) => {
      setDialog((current) => (current ? { ...current, open } : current));
    },
  };
}
