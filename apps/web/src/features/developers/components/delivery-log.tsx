import type { WebhookDelivery } from '@studio/contract/responses';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhook-endpoints';
import { deliveryOutcomeText, deliveryStatus, nextAttemptText } from '../lib/delivery-display';

interface DeliveryRowProps {
  delivery: WebhookDelivery;
  resend: ReturnType<typeof useResendDelivery>;
}

/** One delivery: its event, state, the receiver's last answer, when, and 'Resend'. */
function DeliveryRow({ delivery, resend }: DeliveryRowProps) {
  const status = deliveryStatus(delivery);
  const outcome = deliveryOutcomeText(delivery);
  const next = nextAttemptText(delivery);
  const resending = resend.isPending && resend.variables === delivery.id;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-xs break-all">{delivery.eventType}</span>
          <Badge variant={status.tone}>{status.text}</Badge>
        </p>
        <p className="text-xs text-muted-foreground">
          {[formatDateTime(delivery.createdAt), outcome, next].filter(Boolean).join(' · ')}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start sm:self-center"
        aria-label={`Resend ${delivery.eventType} of ${formatDateTime(delivery.createdAt) ?? ''}`}
        loading={resending}
        onClick={() => {
          resend.mutate(delivery.id);
        }}
      >
        Resend
      </Button>
    </li>
  );
}

/** An endpoint's deliveries, newest first, with their answers and 'Resend'; 'Load more' pages on. */
export function DeliveryLog({ endpointId, id }: { endpointId: string; id: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const resend = useResendDelivery(endpointId);

  if (deliveries.isPending) {
    return (
      <p
        id={id}
        role="status"
        className="flex items-center gap-2 py-3 text-sm text-muted-foreground"
      >
        <Spinner />
        Loading deliveries…
      </p>
    );
  }
  if (deliveries.isError) {
    return (
      <div id={id}>
        <RetryAlert
          title="The deliveries could not be loaded."
          error={deliveries.error}
          retrying={deliveries.isFetching}
          onRetry={() => {
            void deliveries.refetch();
          }}
        />
      </div>
    );
  }
  const all = deliveries.data.pages.flatMap((page) => page.deliveries);
  return (
    <div id={id} className="space-y-2">
      {all.length === 0 ? (
        <p className="py-3 text-sm text-muted-foreground">
          No deliveries yet: they appear here when an event is sent.
        </p>
      ) : (
        <ul aria-label="Deliveries" className="divide-y divide-border">
          {all.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} resend={resend} />
          ))}
        </ul>
      )}
      {resend.isError ? (
        <Alert variant="destructive" role="alert">
          {getErrorMessage(resend.error)}
        </Alert>
      ) : null}
      {deliveries.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          loading={deliveries.isFetchingNextPage}
          onClick={() => {
            void deliveries.fetchNextPage();
          }}
        >
          Load more
        </Button>
      ) : null}
    </div>
  );
}
