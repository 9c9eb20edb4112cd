import { useId, useState } from 'react';
import type { WebhookEndpoint } from '@studio/contract/responses';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { useEnableWebhookEndpoint, useRotateWebhookSecret } from '../api/webhook-endpoints';
import { createdText } from '../lib/key-display';
import { DeliveryLog } from './delivery-log';

interface EndpointRowProps {
  endpoint: WebhookEndpoint;
  onDelete: (trigger: HTMLButtonElement) => void;
  onPrefetch: () => void;
  /** A rotated secret, to be shown this once. */
  onSecret: (url: string, secret: string) => void;
}

/**
 * One endpoint: its URL, events, state (a disabled one says why and offers 'Enable'), and its
 * actions: the delivery log (shown on demand), 'Rotate secret' and 'Delete'.
 */
export function EndpointRow({ endpoint, onDelete, onPrefetch, onSecret }: EndpointRowProps) {
  const logId = useId();
  const [showLog, setShowLog] = useState(false);
  const rotate = useRotateWebhookSecret();
  const enable = useEnableWebhookEndpoint();
  const failed = rotate.isError ? rotate.error : enable.isError ? enable.error : null;

  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1.5">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm break-all">{endpoint.url}</span>
            {endpoint.status === 'disabled' ? <Badge variant="destructive">Disabled</Badge> : null}
          </p>
          {endpoint.description ? <p className="text-sm">{endpoint.description}</p> : null}
          <ul aria-label="Events" className="flex flex-wrap gap-1.5">
            {endpoint.events.map((event) => (
              <li key={event}>
                <Badge variant="outline">{event}</Badge>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">{createdText(endpoint.createdAt)}</p>
        </div>
        <div className="flex flex-wrap gap-2 self-start">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showLog}
            aria-controls={showLog ? logId : undefined}
            aria-label={`Deliveries to ${endpoint.url}`}
            onClick={() => {
              setShowLog(!showLog);
            }}
          >
            Deliveries
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Rotate the secret of ${endpoint.url}`}
            loading={rotate.isPending}
            onClick={() => {
              rotate.mutate(endpoint.id, {
                onSuccess: (rotated) => {
                  onSecret(endpoint.url, rotated.secret);
                },
              });
            }}
          >
            Rotate secret
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-haspopup="dialog"
            aria-label={`Delete ${endpoint.url}`}
            onPointerEnter={onPrefetch}
            onFocus={onPrefetch}
            onClick={(event) => {
              onDelete(event.currentTarget);
            }}
          >
            Delete
          </Button>
        </div>
      </div>
      {endpoint.status === 'disabled' ? (
        <Alert variant="warning" className="flex flex-wrap items-center justify-between gap-3">
          <span>{endpoint.disabledReason ?? 'Deliveries to this endpoint kept failing.'}</span>
          <Button
            size="sm"
            loading={enable.isPending}
            aria-label={`Enable ${endpoint.url}`}
            onClick={() => {
              enable.mutate(endpoint.id);
            }}
          >
            Enable
          </Button>
        </Alert>
      ) : null}
      {failed ? (
        <Alert variant="destructive" role="alert">
          {getErrorMessage(failed)}
        </Alert>
      ) : null}
      {showLog ? <DeliveryLog endpointId={endpoint.id} id={logId} /> : null}
    </li>
  );
}
