import { lazy, Suspense, useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import {
  DEFAULT_BILLING_PERIOD,
  getProduct,
  planFamilyOf,
  type BillingPeriod,
  type PaymentCurrency,
} from '@studio/contract/plans';
import { Button } from '@/components/ui/button';
import { getLoginHref, paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth';
import { useSubscriptionStatus } from '../api/subscription-status';
import { usePlanChangePreview } from '../api/plan-change-preview';
import { useCheckout } from '../hooks/use-checkout';
import { detectCurrency } from '../lib/currency';
import type { Purchase } from '../lib/payment-request';
import { isExpired, planDisplayName, subscribedPeriod } from '../lib/subscription-display';
import { AdditionalActions } from './additional-actions';
import { BillingPeriodToggle } from './billing-period-toggle';
import { CurrencySwitch } from './currency-switch';
import { PlanGrid } from './plan-grid';
import { SubscriptionStatusSection } from './subscription-status-section';

type Item = Omit<Purchase, 'currency'>;

// The dialog (with Radix Dialog) is not needed for first paint: it is fetched once the page shows
// and mounted on the first choice, then kept so it can animate out and hand focus back.
const loadCurrencyDialog = () => import('./currency-choice-dialog');
const CurrencyChoiceDialog = lazy(loadCurrencyDialog);

/**
 * /subscription (spec §2 Subscription): the current plan, the plan cards for the chosen billing
 * period, checkout through the currency choice, and the email-based extras.
 */
export function SubscriptionPage() {
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const navigate = useNavigate();
  const statusQuery = useSubscriptionStatus(userId);
  // Null until the user picks a period: the cards follow the account's own plan until then.
  const [chosenPeriod, setChosenPeriod] = useState<BillingPeriod | null>(null);
  const [currency, setCurrency] = useState<PaymentCurrency>(() => detectCurrency());
  const [selected, setSelected] = useState<Item | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
  // The top-up's pack is its own choice, not the plans' period (ADR 050).
  const [topupPack, setTopupPack] = useState<BillingPeriod>('monthly');
  const checkout = useCheckout(userId);
  const preview = usePlanChangePreview(userId);

  useEffect(() => {
    loadCurrencyDialog().catch(() => undefined);
  }, []);

  const status = statusQuery.data;
  // Expiry is judged as of the moment the status was loaded, so rendering stays pure.
  const now = statusQuery.dataUpdatedAt;
  // A subscriber sees their own plan's period first, with its card marked Current Plan (spec §4);
  // everyone else starts at the spec's 4-month default.
  const period = chosenPeriod ?? subscribedPeriod(status, now) ?? DEFAULT_BILLING_PERIOD;
  const paidAndActive =
    status !== undefined && planFamilyOf(status.type) !== 'free' && !isExpired(status, now);

  const choose = (item: Item) => {
    if (!user) {
      void navigate(getLoginHref(paths.subscription.path));
      return;
    }
    checkout.reset();
    preview.reset();
    setDialogMounted(true);
    setDialogOpen(true);
    setSelected(item);
  };

  // The chosen currency stays marked from the click until the browser has left for the payment page.
  const pendingCurrency =
    checkout.isPending || checkout.isSuccess
      ? checkout.variables.currency
      : preview.isPending
        ? preview.variables.currency
        : null;
  // A plan change is reviewed before the checkout opens; a first plan goes straight on (ADR 050).
  const review =
    preview.isSuccess && preview.data.kind !== 'new'
      ? {
          preview: preview.data,
          onConfirm: () => {
            checkout.mutate(preview.variables);
          },
          onBack: () => {
            preview.reset();
            checkout.reset();
          },
        }
      : null;

  const pay = (purchase: Purchase) => {
    if (purchase.family === 'topup') {
      checkout.mutate(purchase);
      return;
    }
    preview.mutate(purchase, {
      onSuccess: (answer) => {
        if (answer.kind === 'new') checkout.mutate(purchase);
      },
    });
  };

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h2 className="text-2xl font-semibold tracking-tight">Choose Your Plan</h2>
          <p className="text-sm text-muted-foreground">
            Monthly credits for every tool, or a one-time top-up that never expires.
          </p>
          <p className="text-sm text-muted-foreground">
            Plans are prepaid for their period and do not renew on their own: nothing is charged
            when one ends. Buy it again to add another period.
          </p>
        </div>
        {user ? (
          <Button
            variant="outline"
            loading={statusQuery.isFetching}
            onClick={() => {
              void statusQuery.refetch();
            }}
          >
            {statusQuery.isFetching ? null : <RefreshCw aria-hidden="true" />}
            Refresh
          </Button>
        ) : null}
      </div>

      <SubscriptionStatusSection signedIn={user !== null} query={statusQuery} now={now} />

      <div className="flex flex-col items-center gap-3">
        <BillingPeriodToggle value={period} onChange={setChosenPeriod} />
        <CurrencySwitch value={currency} onChange={setCurrency} />
      </div>

      <PlanGrid
        period={period}
        currency={currency}
        status={status}
        now={now}
        busy={pendingCurrency !== null ? selected : null}
        onChoose={choose}
        topupPack={topupPack}
        onTopupPackChange={setTopupPack}
      />

      <AdditionalActions
        topupCredits={getProduct('topup', topupPack).credits}
        topupBusy={pendingCurrency !== null && selected?.family === 'topup'}
        onQuickTopup={() => {
          choose({ family: 'topup', period: topupPack });
        }}
        cancellation={
          paidAndActive
            ? { planName: planDisplayName(status.type), subscriptionId: status.subscriptionId }
            : null
        }
      />

      <p className="text-center text-sm text-muted-foreground">
        Need a custom plan?{' '}
        <Link to={paths.contact.path} className="font-medium text-primary hover:underline">
          Contact us
        </Link>
      </p>

      {dialogMounted ? (
        <Suspense fallback={null}>
          <CurrencyChoiceDialog
            open={dialogOpen}
            item={selected}
            pendingCurrency={pendingCurrency}
            failed={checkout.isError || preview.isError}
            onChoose={(chosen) => {
              if (selected) pay({ ...selected, currency: chosen });
            }}
            review={review}
            onClose={() => {
              setDialogOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
