import type { ReactNode } from 'react';
import { FlaskConical } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useMutation } from '@/lib/use-mutation';
import type { SandboxOutcome } from '@studio/contract';
import { formatPrice } from '@studio/contract/plans';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { BrandMark } from '@/components/ui/brand-mark';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import {
  completeSandboxOrder,
  sandboxOrderQueryOptions,
  type SandboxOrder,
} from '../api/sandbox-checkout';
import { browserNavigation } from '../lib/browser-navigation';
import { formatCredits } from '@/lib/format';

/**
 * The local stand-in for a payment provider's page (used when no provider keys are configured):
 * clearly a test, it lets the tester decide how the payment ends, then returns to the dashboard
 * the way a provider would (`/?od=<orderId>`).
 */
export function SandboxCheckoutPage() {
  useDocumentTitle('Test payment · AI Product Studio');
  const { orderId = '' } = useParams();
  const order = useQuery(sandboxOrderQueryOptions(orderId));

  if (order.isPending) return <FullScreenLoader label="Loading order..." />;

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-background px-4 py-10">
      <div className="flex items-center gap-2 font-semibold">
        <BrandMark className="size-7" />
        AI Product Studio
      </div>
      <main className="w-full max-w-md">
        {order.isError ? (
          <OrderError
            notFound={isApiError(order.error) && order.error.status === 404}
            message={getErrorMessage(order.error)}
            retrying={order.isFetching}
            onRetry={() => {
              void order.refetch();
            }}
          />
        ) : (
          <CheckoutCard order={order.data} />
        )}
      </main>
    </div>
  );
}

function CheckoutCard({ order }: { order: SandboxOrder }) {
  const complete = useMutation({
    mutationFn: (outcome: SandboxOutcome) => completeSandboxOrder(order.orderId, outcome),
    onSuccess: ({ redirect }) => {
      browserNavigation.assign(redirect);
    },
  });
  // From the click until the browser has left, every button stays locked.
  const chosen = complete.isPending || complete.isSuccess ? complete.variables : undefined;

  return (
    <section
      aria-labelledby="sandbox-title"
      className="space-y-6 rounded-2xl border-2 border-dashed border-warning/60 bg-surface p-6 shadow-card sm:p-8"
    >
      <div className="space-y-3">
        <Badge variant="warning" className="text-sm">
          <FlaskConical aria-hidden="true" />
          Test payment
        </Badge>
        <h1 id="sandbox-title" className="text-2xl font-semibold tracking-tight">
          Sandbox checkout
        </h1>
        <p className="text-sm text-muted-foreground">
          Sandbox checkout — no real money moves. Choose how this test payment ends.
        </p>
      </div>

      <dl className="divide-y divide-border rounded-lg border border-border text-sm">
        <SummaryRow label="Plan">{order.planDisplayName}</SummaryRow>
        <SummaryRow label="Credits">{formatCredits(order.credits)}</SummaryRow>
        <SummaryRow label="Amount">
          <span className="text-base font-semibold">
            {formatPrice(order.amount, order.currency)}
          </span>
        </SummaryRow>
        <SummaryRow label="Order">
          <span className="font-mono text-xs">{order.orderId}</span>
        </SummaryRow>
      </dl>

      {order.planChange && order.status === 'pending' ? (
        <Alert variant="info" role="note">
          {order.planChange}
        </Alert>
      ) : null}

      {order.status === 'pending' ? (
        <div className="space-y-3">
          {complete.isError ? (
            <Alert variant="destructive" role="alert">
              {getErrorMessage(complete.error)}
            </Alert>
          ) : null}
          <Button
            size="lg"
            className="w-full"
            loading={chosen === 'paid'}
            disabled={chosen !== undefined}
            onClick={() => {
              complete.mutate('paid');
            }}
          >
            Pay
          </Button>
          <div className="grid grid-cols-2 gap-3">
            <Button
              variant="outline"
              loading={chosen === 'failed'}
              disabled={chosen !== undefined}
              onClick={() => {
                complete.mutate('failed');
              }}
            >
              Fail payment
            </Button>
            <Button
              variant="ghost"
              loading={chosen === 'cancelled'}
              disabled={chosen !== undefined}
              onClick={() => {
                complete.mutate('cancelled');
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <Alert variant={order.status === 'completed' ? 'success' : 'warning'} role="status">
            This order is already {order.status}.
          </Alert>
          <Link to={paths.home.path} className={buttonVariants({ className: 'w-full' })}>
            Back to dashboard
          </Link>
        </div>
      )}
    </section>
  );
}

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 py-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

function OrderError({
  notFound,
  message,
  retrying,
  onRetry,
}: {
  notFound: boolean;
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <section className="space-y-4 rounded-2xl border border-border bg-surface p-6 text-center shadow-card">
      <h1 className="text-xl font-semibold">
        {notFound ? 'Order not found' : 'Order unavailable'}
      </h1>
      <p className="text-sm text-muted-foreground">
        {notFound ? 'This test order does not exist or belongs to another account.' : message}
      </p>
      <div className="flex justify-center gap-3">
        {notFound ? null : (
          <Button variant="outline" loading={retrying} onClick={onRetry}>
            Try again
          </Button>
        )}
        <Link to={paths.subscription.path} className={buttonVariants()}>
          Back to plans
        </Link>
      </div>
    </section>
  );
}
