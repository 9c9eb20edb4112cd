import { useState, type SubmitEvent } from 'react';
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
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useCurrentUser } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { nonBlank } from '@/lib/guards';
import { useDeleteAccount } from '../api/delete-account';
import {
  checkDeleteConfirmation,
  deleteAccountMessages,
  isDeleteButtonEnabled,
} from '../lib/delete-confirmation';
import { ForfeitWarning } from './forfeit-warning';
import type { LazyDialogProps } from './lazy-dialog-button';

const FALLBACK_DELETED_MESSAGE = 'Your account has been deleted.';

interface DeleteAccountDialogProps extends LazyDialogProps {
  onDeleted: (message: string) => void;
}

/**
 * The confirmation of 'Delete Account' (spec §4, §5), loaded on first use by
 * delete-account-button.tsx. On success the dialog closes and hands the server's message to the
 * page; the user is logged out 2 s later (useDeleteAccount).
 */
export default function DeleteAccountDialog({
  open,
  onOpenChange,
  onDeleted,
  returnFocusRef,
}: DeleteAccountDialogProps) {
  const user = useCurrentUser();
  const deletion = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  const changeOpen = (next: boolean) => {
    if (deletion.isPending) return;
    onOpenChange(next);
    if (!next) {
      setTyped('');
      setRefusal(null);
      deletion.reset();
    }
  };

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkDeleteConfirmation(typed, user?.id ?? null);
    if (!check.ok) {
      setRefusal(check.message);
      return;
    }
    setRefusal(null);
    deletion.mutate(check.userId, {
      onSuccess: (message) => {
        onOpenChange(false);
        onDeleted(nonBlank(message) ?? FALLBACK_DELETED_MESSAGE);
      },
    });
  };

  const error = refusal ?? (deletion.isError ? getErrorMessage(deletion.error) : null);

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusRef.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Delete Account</DialogTitle>
          <DialogDescription>{deleteAccountMessages.confirm}</DialogDescription>
        </DialogHeader>
        <ForfeitWarning />
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          <Field label="Type DELETE to confirm">
            {(control) => (
              <Input
                {...control}
                aria-invalid={refusal === deleteAccountMessages.typeDelete || undefined}
                name="confirmation"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="DELETE"
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setRefusal(null);
                }}
              />
            )}
          </Field>
          {error ? (
            <Alert variant="destructive" role="alert">
              {error}
            </Alert>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={deletion.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant="destructive"
              disabled={!isDeleteButtonEnabled(typed) || deletion.isPending}
              loading={deletion.isPending}
            >
              Delete my account
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
