import { useState } from 'react';
import type { GalleryItem } from '@studio/contract';
import { notify } from '@/components/ui/toast';
import { downloadFiles } from '../lib/download-files';
import { shareNatively } from '../lib/native-share';
import { SHARE_MAX_FILES, shareableUrls } from '../lib/share-links';

/**
 * Share for one gallery card (document 1 §2): the system share sheet first, with up to 5 files;
 * where there is none, or it fails, the app's own dialog with links (`dialog` is then set).
 */
export function useGenerationShare(item: GalleryItem) {
  const [preparing, setPreparing] = useState(false);
  const [dialog, setDialog] = useState<{ urls: string[]; open: boolean } | null>(null);

  const share = async () => {
    const origin = window.location.origin;
    const urls = shareableUrls(item, origin);
    if (urls.length === 0) {
      notify.error('No content available to share');
      return;
    }
    setPreparing(true);
    try {
      const files = downloadFiles(item, origin).slice(0, SHARE_MAX_FILES);
      const outcome = await shareNatively(urls, files);
      if (outcome === 'unavailable') setDialog({ urls, open: true });
    } finally {
      setPreparing(false);
    }
  };

  return {
    preparing,
    share,
    dialog,
    setDialogOpen: (open: boolean) => {
      setDialog((current) => (current ? { ...current, open } : current));
    },
  };
}
