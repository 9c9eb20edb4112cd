import { lazy, Suspense, useState } from 'react';
import type { WebhookEndpoint } from '@studio/contract/responses';
import { EndpointRow } from './endpoint-row';

const loadDeleteDialog = () => import('./delete-endpoint-dialog');
const DeleteEndpointDialog = lazy(loadDeleteDialog);
const prefetchDeleteDialog = () => {
  loadDeleteDialog().catch(() => undefined);
};

interface Deleting {
  endpoint: WebhookEndpoint;
  trigger: HTMLButtonElement;
}

interface EndpointListProps {
  endpoints: readonly WebhookEndpoint[];
  onEndpointGone: () => void;
  onSecret: (url: string, secret: string) => void;
}

/** The endpoints, each with its actions; one confirm dialog for 'Delete' (as the key list does). */
export function EndpointList({ endpoints, onEndpointGone, onSecret }: EndpointListProps) {
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [open, setOpen] = useState(false);

  return (
    <>
      <ul aria-label="Your webhook endpoints" className="divide-y divide-border">
        {endpoints.map((endpoint) => (
          <EndpointRow
            key={endpoint.id}
            endpoint={endpoint}
            onPrefetch={prefetchDeleteDialog}
            onSecret={onSecret}
            onDelete={(trigger) => {
              setDeleting({ endpoint, trigger });
              setOpen(true);
            }}
          />
        ))}
      </ul>
      {deleting ? (
        <Suspense fallback={null}>
          <DeleteEndpointDialog
            key={deleting.endpoint.id}
            open={open}
            onOpenChange={setOpen}
            endpoint={deleting.endpoint}
            onClosed={(deleted) => {
              if (deleted || !deleting.trigger.isConnected) onEndpointGone();
              else deleting.trigger.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
