import {
  BILLING_PERIODS,
  discountPercent,
  getProduct,
  PERIOD_LABELS,
  type BillingPeriod,
} from '@studio/contract/plans';
import { RadioGroup, type RadioOption } from '@/components/ui/radio-group';

/** The saving is the same for every plan and currency, so the Pro prices in USD stand for all. */
function savingHint(period: BillingPeriod): string | undefined {
  const percent = discountPercent(getProduct('pro', period), 'USD');
  return percent > 0 ? `Save ${percent}%` : undefined;
}

const options: readonly RadioOption<BillingPeriod>[] = BILLING_PERIODS.map((period) => ({
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
    <RadioGroup
      hideLabel
      appearance="segments"
      label="Billing period"
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}
