import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { SubscriptionStatus } from '../api/subscription-status';
import { STATUS_LOAD_ERROR } from '../lib/messages';
import { scheduledPlanNote } from '../lib/plan-change';
import { CurrentPlanCard, CurrentPlanCardSkeleton } from './current-plan-card';
import { PleaseLogin } from './please-login';

/** The top of the Subscription page: sign-in prompt, loading, failure with retry, or the plan. */
export function SubscriptionStatusSection({
  signedIn,
  query,
  now,
}: {
  signedIn: boolean;
  query: UseQueryResult<SubscriptionStatus>;
  now: number;
}) {
  if (!signedIn) return <PleaseLogin />;
  if (query.isPending) return <CurrentPlanCardSkeleton />;
  if (query.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>{STATUS_LOAD_ERROR}</p>
          <Button
            variant="outline"
            size="sm"
            loading={query.isFetching}
            onClick={() => {
              void query.refetch();
            }}
          >
            Retry
          </Button>
        </div>
      </Alert>
    );
  }
  return <CurrentPlanCard status={query.data} now={now} note={scheduledPlanNote(query.data)} />;
}
