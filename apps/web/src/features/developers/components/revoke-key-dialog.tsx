import type { ApiKey } from '@studio/contract/responses';
import { useRevokeApiKey } from '../api/api-keys';
import { keyPrefixText } from '../lib/key-display';
import { ConfirmDialog } from './confirm-dialog';

export interface RevokeKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  apiKey: Pick<ApiKey, 'id' | 'name' | 'prefix'>;
  /** After the close: focus goes back to the key's button, or elsewhere once the key is gone. */
  onClosed: (revoked: boolean) => void;
}

/** The confirmation of a key's 'Revoke', loaded on first use by the list. */
export default function RevokeKeyDialog({ apiKey, ...props }: RevokeKeyDialogProps) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDialog
      {...props}
      title={`Revoke “${apiKey.name}”?`}
      description={`Calls with ${keyPrefixText(apiKey.prefix)} stop working within a minute. This cannot be undone.`}
      confirmLabel="Revoke key"
      action={revoke}
      id={apiKey.id}
    />
  );
}
