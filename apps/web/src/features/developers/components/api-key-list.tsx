import { lazy, Suspense, useState } from 'react';
import type { ApiKey } from '@studio/contract/responses';
import { ApiKeyRow } from './api-key-row';

const loadRevokeDialog = () => import('./revoke-key-dialog');
const RevokeKeyDialog = lazy(loadRevokeDialog);
const prefetchRevokeDialog = () => {
  loadRevokeDialog().catch(() => undefined);
};

interface Revoking {
  apiKey: ApiKey;
  trigger: HTMLButtonElement;
}

/**
 * The live keys, each with 'Revoke'. The one confirm dialog sits here, not in a row: the row goes
 * when its key is revoked, and focus then goes to `onKeyGone` (the section's heading).
 */
export function ApiKeyList({
  keys,
  onKeyGone,
}: {
  keys: readonly ApiKey[];
  onKeyGone: () => void;
}) {
  const [revoking, setRevoking] = useState<Revoking | null>(null);
  const [open, setOpen] = useState(false);

  return (
    <>
      <ul aria-label="Your API keys" className="divide-y divide-border">
        {keys.map((apiKey) => (
          <ApiKeyRow
            key={apiKey.id}
            apiKey={apiKey}
            onPrefetch={prefetchRevokeDialog}
            onRevoke={(trigger) => {
              setRevoking({ apiKey, trigger });
              setOpen(true);
            }}
          />
        ))}
      </ul>
      {revoking ? (
        <Suspense fallback={null}>
          <RevokeKeyDialog
            key={revoking.apiKey.id}
            open={open}
            onOpenChange={setOpen}
            apiKey={revoking.apiKey}
            onClosed={(revoked) => {
              if (revoked || !revoking.trigger.isConnected) onKeyGone();
              else revoking.trigger.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
