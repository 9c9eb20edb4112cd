import type { UseMutationResult } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/api-client';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** The action confirmed, run with `id`; the dialog shows its refusal and stays open. */
  action: UseMutationResult<unknown, Error, string>;
  id: string;
  /** After the close: whether the action was done, so focus can go where the object was. */
  onClosed: (done: boolean) => void;
}

/**
 * The confirmation of a destructive action on one listed object (revoke a key, delete an
 * endpoint). One dialog per list, not per row, so it outlives the row of the object it removes.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  action,
  id,
  onClosed,
}: ConfirmDialogProps) {
  const changeOpen = (next: boolean) => {
    if (action.isPending) return;
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const done = action.isSuccess;
          action.reset();
          onClosed(done);
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {action.isError ? (
          <Alert variant="destructive" role="alert">
            {getErrorMessage(action.error)}
          </Alert>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={action.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            loading={action.isPending}
            onClick={() => {
              action.mutate(id, {
                onSuccess: () => {
                  onOpenChange(false);
                },
              });
            }}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
