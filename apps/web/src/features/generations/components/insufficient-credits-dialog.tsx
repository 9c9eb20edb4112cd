import type { RefObject } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { paths } from '@/config/paths';

export interface InsufficientCreditsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Credits the generation needs and the user has; null when the server did not say. */
  required: number | null;
  available: number | null;
  featureName: string;
  /** Where focus goes when the dialog closes (it has no trigger of its own). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * Not enough credits (document 2 §2): what the feature needs, what the user has, and the ways
 * to get more. Nothing was charged. Default export: loaded with Radix Dialog on first need.
 */
export default function InsufficientCreditsDialog({
  open,
  onOpenChange,
  required,
  available,
  featureName,
  returnFocusRef,
}: InsufficientCreditsDialogProps) {
  const missing = required !== null && available !== null ? required - available : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!returnFocusRef?.current) return;
          event.preventDefault();
          returnFocusRef.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Insufficient credits</DialogTitle>
          <DialogDescription>
            You don&apos;t have enough credits for {featureName}. Nothing was charged.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-lg bg-muted p-4 text-sm">
          <dt className="text-muted-foreground">Feature</dt>
          <dd className="text-right font-medium">{featureName}</dd>
          {required !== null ? (
            <>
              <dt className="text-muted-foreground">Required credits</dt>
              <dd className="text-right font-semibold tabular-nums">{required}</dd>
            </>
          ) : null}
          {available !== null ? (
            <>
              <dt className="text-muted-foreground">Available credits</dt>
              <dd className="text-right font-semibold tabular-nums">{available}</dd>
            </>
          ) : null}
        </dl>
        {missing !== null && missing > 0 ? (
          <p className="text-sm">
            You need <strong>{missing}</strong> more credit{missing === 1 ? '' : 's'}. Top-up
            credits never expire.
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose className={buttonVariants({ variant: 'ghost' })}>Not now</DialogClose>
          <Link to={paths.creditHistory.path} className={buttonVariants({ variant: 'outline' })}>
            View credit history
          </Link>
          <Link to={paths.subscription.path} className={buttonVariants({ variant: 'primary' })}>
            Buy credits
          </Link>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
