import { useState } from 'react';
import { createLazyDialogButton } from './lazy-dialog-button';

const OpenDeleteDialog = createLazyDialogButton(() => import('./delete-account-dialog'));

/** 'Delete Account' (Account Settings and Settings); off once the account is deleted. */
export function DeleteAccountButton({ onDeleted }: { onDeleted: (message: string) => void }) {
  const [deleted, setDeleted] = useState(false);
  return (
    <OpenDeleteDialog
      variant="destructive"
      disabled={deleted}
      dialogProps={{
        onDeleted: (message: string) => {
          setDeleted(true);
          onDeleted(message);
        },
      }}
    >
      Delete Account
    </OpenDeleteDialog>
  );
}
