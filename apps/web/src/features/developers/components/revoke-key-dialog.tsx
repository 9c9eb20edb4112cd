import type { ApiKey } from '@studio/contract/responses';
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
import { useRevokeApiKey } from '../api/api-keys';
import { keyPrefixText } from '../lib/key-display';

export interface RevokeKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  apiKey: Pick<ApiKey, 'id' | 'name' | 'prefix'>;
  /** After the close: focus goes back to the key's button, or elsewhere once the key is gone. */
  onClosed: (revoked: boolean) => void;
}

/**
 * The confirmation of a key's 'Revoke', loaded on first use by the list (one dialog for every
 * row, so it outlives the row of the key it revokes). It closes once the list no longer has the key.
 */
export default function RevokeKeyDialog({
  open,
  onOpenChange,
  apiKey,
  onClosed,
}: RevokeKeyDialogProps) {
  const revoke = useRevokeApiKey();

  const changeOpen = (next: boolean) => {
    if (revoke.isPending) return;
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const revoked = revoke.isSuccess;
          revoke.reset();
          onClosed(revoked);
        }}
      >
        <DialogHeader>
          <DialogTitle>Revoke “{apiKey.name}”?</DialogTitle>
          <DialogDescription>
            Calls with {keyPrefixText(apiKey.prefix)} stop working within a minute. This cannot be
            undone.
          </DialogDescription>
        </DialogHeader>
        {revoke.isError ? (
          <Alert variant="destructive" role="alert">
            {getErrorMessage(revoke.error)}
          </Alert>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={revoke.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            loading={revoke.isPending}
            onClick={() => {
              revoke.mutate(apiKey.id, {
                onSuccess: () => {
                  onOpenChange(false);
                },
              });
            }}
          >
            Revoke key
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
