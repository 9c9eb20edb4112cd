import type { ReactNode } from 'react';
import { getProduct, type BillingPeriod, type PaymentCurrency } from '@studio/contract/plans';
import type { SubscriptionStatus } from '../api/subscription-status';
import type { Purchase } from '../lib/payment-request';
import { planCards } from '../lib/plan-cards';
import { isCurrentPlanCard, type CardFamily } from '../lib/subscription-display';
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
  /** A note per card, e.g. whether buying it upgrades now or is scheduled. */
  notes?: Partial<Record<CardFamily, ReactNode>>;
}

/** Free, Plus, Pro and Credit Topup at the chosen billing period, with the current plan marked. */
export function PlanGrid({ period, currency, status, now, busy, onChoose, notes }: PlanGridProps) {
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
            note={notes?.[family]}
          />
        );
      })}
    </div>
  );
}
