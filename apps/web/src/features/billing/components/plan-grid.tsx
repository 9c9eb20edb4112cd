import { getProduct, type BillingPeriod, type PaymentCurrency } from '@studio/contract/plans';
import type { SubscriptionStatus } from '../api/subscription-status';
import type { Purchase } from '../lib/payment-request';
import { planChangeNote } from '../lib/plan-change';
import { planCards } from '../lib/plan-cards';
import { isCurrentPlanCard } from '../lib/subscription-display';
import { PlanCard } from './plan-card';

type Item = Omit<Purchase, 'currency'>;

interface PlanGridProps {
  period: BillingPeriod;
  currency: PaymentCurrency;
  status: SubscriptionStatus | undefined;
  now: number;
  /** The item whose checkout is starting, if any. */
  busy: Item | null;
  onChoose: (item: Item) => void;
}

/**
 * Free, Plus, Pro and Credit Topup at the chosen billing period, with the current plan marked and
 * each plan saying what buying it does to the one running (ADR 023).
 */
export function PlanGrid({ period, currency, status, now, busy, onChoose }: PlanGridProps) {
  return (
    <div className="grid gap-6 pt-2 sm:grid-cols-2 xl:grid-cols-4">
      {planCards.map((copy) => {
        const family = copy.family;
        const product = family === 'free' ? null : getProduct(family, period);
        return (
          <PlanCard
            key={family}
            copy={copy}
            product={product}
            currency={currency}
            isCurrent={isCurrentPlanCard({ family, period }, status, now)}
            busy={busy?.family === family}
            disabled={busy !== null}
            onChoose={() => {
              if (family !== 'free') onChoose({ family, period });
            }}
            note={product ? planChangeNote(status, product, currency, now) : null}
          />
        );
      })}
    </div>
  );
}
