import { getProduct, type BillingPeriod, type PaymentCurrency } from '@studio/contract/plans';
import type { SubscriptionStatus } from '../api/subscription-status';
import type { Purchase } from '../lib/payment-request';
import { planChangeNote } from '../lib/plan-change';
import { planCards } from '../lib/plan-cards';
import { isCurrentPlanCard } from '../lib/subscription-display';
import { PlanCard } from './plan-card';
import { TopupPackChoice } from './topup-pack-choice';

type Item = Omit<Purchase, 'currency'>;

interface PlanGridProps {
  period: BillingPeriod;
  currency: PaymentCurrency;
  status: SubscriptionStatus | undefined;
  now: number;
  /** The item whose checkout is starting, if any. */
  busy: Item | null;
  onChoose: (item: Item) => void;
  /** The top-up's pack, chosen on its card, not by the period toggle (ADR 050). */
  topupPack: BillingPeriod;
  onTopupPackChange: (pack: BillingPeriod) => void;
}

/**
 * Free, Plus, Pro and Credit Topup at the chosen billing period, with the current plan marked and
 * each plan saying what buying it does to the one running (ADR 023).
 */
export function PlanGrid({
  period,
  currency,
  status,
  now,
  busy,
  onChoose,
  topupPack,
  onTopupPackChange,
}: PlanGridProps) {
  return (
    <div className="grid gap-6 pt-2 sm:grid-cols-2 xl:grid-cols-4">
      {planCards.map((copy) => {
        const family = copy.family;
        const own = family === 'topup' ? topupPack : period;
        const product = family === 'free' ? null : getProduct(family, own);
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
              if (family !== 'free') onChoose({ family, period: own });
            }}
            options={
              family === 'topup' ? (
                <TopupPackChoice
                  value={topupPack}
                  currency={currency}
                  onChange={onTopupPackChange}
                />
              ) : null
            }
            note={product ? planChangeNote(status, product, currency, now) : null}
          />
        );
      })}
    </div>
  );
}
