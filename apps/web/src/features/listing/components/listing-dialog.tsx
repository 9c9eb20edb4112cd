import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { LazyDialogProps } from '@/features/account';

interface ListingDialogProps extends LazyDialogProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/** The check's and the pack's dialog: wide for their tables, focus back on the opening button. */
export function ListingDialog({
  open,
  onOpenChange,
  returnFocusRef,
  title,
  description,
  children,
}: ListingDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl p-4 sm:p-6"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusRef.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
