import type { WebhookEndpoint } from '@studio/contract/responses';
import { useDeleteWebhookEndpoint } from '../api/webhook-endpoints';
import { ConfirmDialog } from './confirm-dialog';

export interface DeleteEndpointDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  endpoint: Pick<WebhookEndpoint, 'id' | 'url'>;
  onClosed: (deleted: boolean) => void;
}

/** The confirmation of an endpoint's 'Delete', loaded on first use by the list. */
export default function DeleteEndpointDialog({ endpoint, ...props }: DeleteEndpointDialogProps) {
  const remove = useDeleteWebhookEndpoint();
  return (
    <ConfirmDialog
      {...props}
      title="Delete this endpoint?"
      description={`Events stop going to ${endpoint.url}, including retries still due. This cannot be undone.`}
      confirmLabel="Delete endpoint"
      action={remove}
      id={endpoint.id}
    />
  );
}
