import { useEffect, useEffectEvent, useId, useState, type RefObject } from 'react';
import { Check, Copy, ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { copyText } from '../lib/copy-text';
import { SHARE_DIALOG_TIMEOUT_MS, shareTargets } from '../lib/share-links';

export interface ShareDialogProps {
  /** The generation's unique http(s) media links; the first is the one copied. */
  urls: string[];
  /** What is shared, for the description ('Try-Ons from Jan 10, 2026'). */
  subject: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The fallback when the system share sheet is missing or fails (document 1 §2): share links to
 * messaging and social networks, and Copy Link. Default export so the card loads it (and Radix
 * Dialog) only when needed. It closes itself after 30 s, as the spec's dialog did.
 */
export default function ShareDialog({
  urls,
  subject,
  open,
  onOpenChange,
  returnFocusRef,
}: ShareDialogProps) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const linkId = useId();
  const [first = ''] = urls;

  const changeOpen = (next: boolean) => {
    if (!next) setCopy('idle');
    onOpenChange(next);
  };
  // An effect event, so re-renders of the card behind the dialog do not restart the 30 s.
  const closeAfterTimeout = useEffectEvent(() => {
    changeOpen(false);
  });

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      closeAfterTimeout();
    }, SHARE_DIALOG_TIMEOUT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusRef.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Share generation</DialogTitle>
          <DialogDescription>
            Anyone with these links can open this generation ({subject}) without signing in.
          </DialogDescription>
        </DialogHeader>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Share to">
          {shareTargets(urls).map((target) => (
            <li key={target.name}>
              <a
                href={target.href}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonVariants({ variant: 'outline', size: 'sm', className: 'w-full' })}
              >
                {target.name}
                <ExternalLink aria-hidden="true" />
              </a>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-2">
          <label htmlFor={linkId} className="text-sm font-medium">
            Link
          </label>
          <div className="flex gap-2">
            <Input
              id={linkId}
              readOnly
              value={first}
              className="min-w-0 flex-1"
              onFocus={(event) => {
                event.currentTarget.select();
              }}
            />
            <Button
              variant="secondary"
              onClick={() => {
                void copyText(first).then((copied) => {
                  setCopy(copied ? 'copied' : 'failed');
                });
              }}
            >
              {copy === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              Copy Link
            </Button>
          </div>
          <p role="status" className="min-h-5 text-sm text-muted-foreground">
            {copy === 'copied' ? 'Link copied' : null}
            {copy === 'failed' ? 'Could not copy. Select the link and copy it yourself.' : null}
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
