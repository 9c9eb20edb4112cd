import { Check, Crown, LifeBuoy } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { getLoginHref, paths } from '@/config/paths';
import type { SubscriptionStatus } from '../api/subscription-status';
import { useUpgradeInNewTab } from '../hooks/use-upgrade-in-new-tab';
import { detectCurrency } from '../lib/currency';
import { PAYMENT_LINK_ERROR } from '../lib/messages';
import { gateBenefits } from '../lib/plan-benefits';
import { isExpired, planDisplayName } from '../lib/subscription-display';

/** 'Pro Monthly', or 'Free (Expired)' when the end has passed and there was an earlier plan. */
function currentPlanName(status: SubscriptionStatus | null, now: number): string {
  if (!status) return planDisplayName('free');
  const name = planDisplayName(status.type);
  return isExpired(status, now) && status.previousType ? `${name} (Expired)` : name;
}

/** The plan a gate asks for: the lowest one it lets in that can be bought (Plus or Pro). */
export type GatePlan = 'plus' | 'pro';

const GATE_PLANS: Record<GatePlan, { name: string; benefits: readonly string[] }> = {
  plus: { name: 'Plus', benefits: gateBenefits('plus') },
  pro: { name: 'Pro', benefits: gateBenefits('pro') },
};

interface PremiumUpgradePageProps {
  featureName: string;
  /** The plan the feature needs (the Pro plan for video, the Plus plan for the extractor). */
  plan?: GatePlan;
  userId: string | null;
  status: SubscriptionStatus | null;
  now: number;
}

/**
 * The gate's upgrade page: current plan, the needed plan's benefits, 'Upgrade to <Plan> Plan' (new
 * tab), all plans. The spec words it for Pro; a feature Plus opens names Plus instead.
 */
export function PremiumUpgradePage({
  featureName,
  plan = 'pro',
  userId,
  status,
  now,
}: PremiumUpgradePageProps) {
  const needed = GATE_PLANS[plan];
  const upgrade = useUpgradeInNewTab(userId);
  const navigate = useNavigate();
  const location = useLocation();
  const previousPlan =
    status?.previousType && isExpired(status, now) ? planDisplayName(status.previousType) : null;

  return (
    <section
      aria-labelledby="premium-gate-title"
      className="mx-auto max-w-2xl space-y-6 rounded-2xl border border-border bg-surface px-6 py-8 shadow-card sm:px-10"
    >
      <div className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-600 to-fuchsia-600 text-white shadow-md">
          <Crown aria-hidden="true" className="size-7" />
        </span>
        <h2 id="premium-gate-title" className="text-2xl font-semibold tracking-tight">
          Premium Feature - {needed.name} Plan Required
        </h2>
        <p className="max-w-md text-sm text-muted-foreground">
          To use {featureName}, upgrade to the {needed.name} plan.
        </p>
        <p className="text-sm">
          Current plan: <span className="font-semibold">{currentPlanName(status, now)}</span>
        </p>
        {previousPlan ? (
          <p className="text-xs text-muted-foreground">Your {previousPlan} plan has ended.</p>
        ) : null}
      </div>

      <div className="rounded-xl bg-muted p-5">
        <h3 id="premium-gate-benefits" className="mb-3 text-sm font-semibold">
          What you get with {needed.name}
        </h3>
        <ul aria-labelledby="premium-gate-benefits" className="space-y-2 text-sm">
          {needed.benefits.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              {benefit}
            </li>
          ))}
        </ul>
      </div>

      {upgrade.isError ? (
        <Alert variant="destructive" role="alert">
          {PAYMENT_LINK_ERROR}
        </Alert>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button
          size="lg"
          loading={upgrade.isPending}
          onClick={() => {
            if (userId === null) {
              void navigate(getLoginHref(`${location.pathname}${location.search}`));
              return;
            }
            upgrade.start({ family: plan, period: 'monthly', currency: detectCurrency() });
          }}
        >
          {upgrade.isPending ? 'Processing...' : `Upgrade to ${needed.name} Plan`}
        </Button>
        <Link
          to={paths.subscription.path}
          className={buttonVariants({ variant: 'outline', size: 'lg' })}
        >
          View All Plans
        </Link>
      </div>

      <p className="flex items-center justify-center gap-1.5 text-center text-sm text-muted-foreground">
        <LifeBuoy aria-hidden="true" className="size-4" />
        Questions?{' '}
        <Link to={paths.contact.path} className="font-medium text-primary hover:underline">
          Contact support
        </Link>
      </p>
    </section>
  );
}
