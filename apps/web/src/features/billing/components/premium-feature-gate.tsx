import { lazy, Suspense, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth';
import { useSubscriptionStatus } from '../api/subscription-status';
import { getPlanFamily, type PlanFamily } from '../lib/plan';
import type { GatePlan } from './premium-upgrade-page';

// Only members without a qualifying plan see it: loaded once the status says so, not with the
// page it guards (the extractor's route was over its 150 KiB budget with it).
const PremiumUpgradePage = lazy(() =>
  import('./premium-upgrade-page').then((module) => ({ default: module.PremiumUpgradePage })),
);

function CheckingStatus() {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16">
      <Spinner className="size-7 text-primary" />
      <p className="text-sm font-medium text-muted-foreground">Checking subscription status...</p>
    </div>
  );
}

interface PremiumFeatureGateProps {
  /** Plan families that may use the feature, e.g. ['pro', 'enterprise'] for video. */
  requiredPlans: readonly PlanFamily[];
  featureName: string;
  children: ReactNode;
}

/** The plan the upgrade page asks for: Plus when Plus is let in, else Pro. */
const gatePlan = (requiredPlans: readonly PlanFamily[]): GatePlan =>
  requiredPlans.includes('plus') ? 'plus' : 'pro';

/**
 * Shows `children` only to qualifying plans (spec doc 2 Premium feature gate): a spinner while
 * the status loads, an error panel with Try Again when it cannot be read (unlike the plan label,
 * a failure must not silently lock a paying user out), the upgrade page otherwise. An expired
 * plan arrives as type 'free', so it does not qualify.
 */
export function PremiumFeatureGate({
  requiredPlans,
  featureName,
  children,
}: PremiumFeatureGateProps) {
  const session = useSession();
  const userId = session.data?.user?.id ?? null;
  const status = useSubscriptionStatus(userId);

  if (session.isPending || (userId !== null && status.isPending)) {
    return <CheckingStatus />;
  }

  if (status.isError) {
    return (
      <div
        role="alert"
        className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-destructive-soft px-6 py-8 text-center"
      >
        <AlertTriangle aria-hidden="true" className="size-8 text-destructive" />
        <h2 className="text-lg font-semibold">Error Loading Subscription</h2>
        <p className="text-sm text-muted-foreground">
          We could not check your plan for {featureName}. Please try again.
        </p>
        <Button
          variant="outline"
          loading={status.isFetching}
          onClick={() => {
            void status.refetch();
          }}
        >
          Try Again
        </Button>
      </div>
    );
  }

  if (status.data && requiredPlans.includes(getPlanFamily(status.data.type))) return children;

  return (
    <Suspense fallback={<CheckingStatus />}>
      <PremiumUpgradePage
        featureName={featureName}
        plan={gatePlan(requiredPlans)}
        userId={userId}
        status={status.data ?? null}
        now={status.dataUpdatedAt}
      />
    </Suspense>
  );
}
