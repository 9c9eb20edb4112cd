import {
  BILLING_PERIODS,
  discountPercent,
  getProduct,
  PERIOD_LABELS,
  type BillingPeriod,
} from '@studio/contract/plans';
import { SegmentedControl, type SegmentOption } from './segmented-control';

/** The saving is the same for every plan and currency, so the Pro prices in USD stand for all. */
function savingHint(period: BillingPeriod): string | undefined {
  const percent = discountPercent(getProduct('pro', period), 'USD');
  return percent > 0 ? `Save ${percent}%` : undefined;
}

const options: readonly SegmentOption<BillingPeriod>[] = BILLING_PERIODS.map((period) => ({
  value: period,
  label: PERIOD_LABELS[period],
  hint: savingHint(period),
}));

/** Monthly / 4 Months / Yearly (spec §2 Subscription; 4 months is the default). */
export function BillingPeriodToggle({
  value,
  onChange,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}) {
  return (
    <SegmentedControl label="Billing period" value={value} options={options} onChange={onChange} />
  );
}
