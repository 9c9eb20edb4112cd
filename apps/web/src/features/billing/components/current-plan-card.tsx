import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { lazyFormatter } from '@/lib/format';
import type { SubscriptionStatus, Timestamp } from '../api/subscription-status';
import {
  getSubscriptionDisplay,
  planDisplayName,
  shortSubscriptionId,
  toDate,
} from '../lib/subscription-display';
import { SubscriptionStatusBadge } from './subscription-status-badge';

// English and UTC, like the plan-change notes and the server's messages, so one plan date reads
// the same everywhere (ADR 041).
const longDate = lazyFormatter(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
);

function formatDate(value: Timestamp | null): string | null {
  const date = toDate(value);
  return date ? longDate().format(date) : null;
}

function daysText(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * Spec §2 Subscription, §4 Subscription display: the plan, Active / Expiring Soon / Expired,
 * and the subscription's id (first 8 characters), end, purchase and previous plan.
 */
export function CurrentPlanCard({
  status,
  now,
  note,
}: {
  status: SubscriptionStatus;
  now: number;
  /** A line under the plan, e.g. a plan scheduled to start when this one ends. */
  note?: ReactNode;
}) {
  const titleId = useId();
  const display = getSubscriptionDisplay(status.endingTimestamp, now);
  const endDate = formatDate(status.endingTimestamp);
  const purchaseDate = formatDate(status.transactionTimestamp);
  const previousPlan = status.previousType ? planDisplayName(status.previousType) : null;

  const details: { label: string; value: ReactNode }[] = [];
  if (status.subscriptionId) {
    details.push({
      label: 'Subscription ID',
      value: <span className="font-mono">{shortSubscriptionId(status.subscriptionId)}</span>,
    });
  }
  if (endDate) {
    details.push({ label: display.state === 'expired' ? 'Ended on' : 'Ends on', value: endDate });
  }
  if (purchaseDate) details.push({ label: 'Purchased on', value: purchaseDate });
  if (previousPlan) details.push({ label: 'Previous plan', value: previousPlan });

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle id={titleId}>Your Current Plan</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-2xl font-semibold tracking-tight">{planDisplayName(status.type)}</p>
          <SubscriptionStatusBadge state={display.state} />
        </div>
        {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}

        {display.state === 'expiring' && display.daysLeft !== null ? (
          <Alert variant="warning">
            Your plan expires in {daysText(display.daysLeft)} and does not renew on its own. Buy it
            again to add another period and keep your monthly credits and features.
          </Alert>
        ) : null}
        {display.state === 'expired' ? (
          <Alert variant="destructive">
            {previousPlan
              ? `Your ${previousPlan} plan has expired. You are on the Free plan now.`
              : 'Your plan has expired.'}{' '}
            Choose a plan below to continue.
          </Alert>
        ) : null}

        {details.length > 0 ? (
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
            {details.map((item) => (
              <div key={item.label} className="min-w-0 space-y-1">
                <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                  {item.label}
                </dt>
                <dd className="truncate text-sm font-medium">{item.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function CurrentPlanCardSkeleton() {
  return (
    <Card role="status" aria-label="Loading your plan">
      <CardContent className="space-y-3 pt-5 sm:pt-6">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-4 w-full max-w-md" />
      </CardContent>
    </Card>
  );
}
