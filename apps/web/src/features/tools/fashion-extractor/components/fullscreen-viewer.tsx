import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

export interface FullscreenViewerProps {
  url: string;
  /** What the image shows; also the viewer's title. */
  alt: string;
  /** Where focus goes back on close: the Open Fullscreen button (the dialog has no trigger). */
  returnFocus: HTMLElement;
  onClose: () => void;
}

/**
 * Open Fullscreen (document 2 §2): the result filling the screen. A Radix dialog, so Escape and
 * the close button close it, focus stays inside while it is open and returns to the button that
 * opened it. Loaded on the first Open Fullscreen click (a chunk of its own).
 */
export default function FullscreenViewer({
  url,
  alt,
  returnFocus,
  onClose,
}: FullscreenViewerProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus.focus();
        }}
        className="top-0 left-0 flex h-dvh max-h-none w-screen max-w-none translate-x-0 translate-y-0 flex-col gap-3 rounded-none border-0 bg-neutral-950 p-4 text-white sm:p-6 [&>button]:text-white [&>button]:hover:bg-white/15 [&>button]:hover:text-white"
      >
        <DialogTitle className="pr-10 text-base text-white">{alt}</DialogTitle>
        <DialogDescription className="sr-only">
          Full-screen view. Press Escape to close.
        </DialogDescription>
        <div className="flex min-h-0 flex-1 items-center justify-center">
          <img src={url} alt={alt} className="max-h-full max-w-full object-contain" />
        </div>
      </DialogContent>
    </Dialog>
  );
}
