import { lazy, Suspense, useRef } from 'react';
import { Share2 } from 'lucide-react';
import type { GalleryItem } from '@studio/contract';
import { Button } from '@/components/ui/button';
import { useGenerationShare } from '../hooks/use-generation-share';

const loadShareDialog = () => import('./share-dialog');
const ShareDialog = lazy(loadShareDialog);

/** Starts fetching the dialog when the user is about to need it; failures retry on the next try. */
const prefetchShareDialog = () => {
  loadShareDialog().catch(() => undefined);
};

/** A card's Share: the system share sheet, or the lazily loaded share dialog as the fallback. */
export function ShareButton({ item, subject }: { item: GalleryItem; subject: string }) {
  const { sharing, prepare, share, dialog, setDialogOpen } = useGenerationShare(item);
  const ref = useRef<HTMLButtonElement>(null);
  // The user is about to share: fetch the dialog's code and the files for the share sheet.
  const getReady = () => {
    prefetchShareDialog();
    prepare();
  };

  return (
    <>
      <Button
        ref={ref}
        variant="outline"
        size="sm"
        loading={sharing}
        onPointerEnter={getReady}
        onFocus={getReady}
        onClick={share}
      >
        {sharing ? null : <Share2 aria-hidden="true" />}
        Share
      </Button>
      {dialog ? (
        <Suspense fallback={null}>
          <ShareDialog
            urls={dialog.urls}
            subject={subject}
            open={dialog.open}
            onOpenChange={setDialogOpen}
            returnFocusRef={ref}
          />
        </Suspense>
      ) : null}
    </>
  );
}
