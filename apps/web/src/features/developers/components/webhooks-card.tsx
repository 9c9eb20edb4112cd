import { lazy, Suspense, useRef, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Spinner } from '@/components/ui/spinner';
import { useWebhookEndpoints } from '../api/webhook-endpoints';
import { CreateEndpointForm } from './create-endpoint-form';
import { EndpointList } from './endpoint-list';

const loadSecretDialog = () => import('./secret-dialog');
const SecretDialog = lazy(loadSecretDialog);

interface ShownSecret {
  title: string;
  url: string;
  secret: string;
}

/** The endpoints as loading, failed, empty or loaded. */
function EndpointsState(props: {
  onEndpointGone: () => void;
  onSecret: (url: string, secret: string) => void;
}) {
  const endpoints = useWebhookEndpoints();
  if (endpoints.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
        <Spinner />
        Loading your endpoints…
      </p>
    );
  }
  if (endpoints.isError) {
    return (
      <RetryAlert
        title="Your webhook endpoints could not be loaded."
        error={endpoints.error}
        retrying={endpoints.isFetching}
        onRetry={() => {
          void endpoints.refetch();
        }}
      />
    );
  }
  if (endpoints.data.length === 0) {
    return <p className="py-4 text-sm text-muted-foreground">No endpoints yet: add one below.</p>;
  }
  return <EndpointList endpoints={endpoints.data} {...props} />;
}

/** Webhooks (issue 35): where the studio tells your systems that work finished, signed. */
export function WebhooksCard() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle ref={headingRef} tabIndex={-1} className="outline-none">
          Webhooks
        </CardTitle>
        <CardDescription>
          We POST an event to your endpoint when work finishes, signed the{' '}
          <a
            href="https://www.standardwebhooks.com/"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Standard Webhooks
          </a>{' '}
          way: check the <code className="font-mono text-xs">webhook-signature</code> header with
          the endpoint's secret and refuse a{' '}
          <code className="font-mono text-xs">webhook-timestamp</code> older than five minutes. A
          delivery that fails is retried for about a day.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <EndpointsState
          onEndpointGone={() => {
            headingRef.current?.focus();
          }}
          onSecret={(url, secret) => {
            setShown({ title: 'New signing secret', url, secret });
          }}
        />
        <section
          aria-labelledby="add-endpoint-heading"
          className="space-y-4 border-t border-border pt-6"
        >
          <h4 id="add-endpoint-heading" className="text-sm font-semibold">
            Add an endpoint
          </h4>
          <CreateEndpointForm
            onSubmitStart={() => {
              loadSecretDialog().catch(() => undefined);
            }}
            onCreated={(url, secret) => {
              setShown({ title: 'Your endpoint is ready', url, secret });
            }}
          />
        </section>
      </CardContent>
      {shown ? (
        <Suspense fallback={null}>
          <SecretDialog
            title={shown.title}
            description={`Deliveries to ${shown.url} are signed with this secret.`}
            label="signing secret"
            secret={shown.secret}
            onClose={() => {
              setShown(null);
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
