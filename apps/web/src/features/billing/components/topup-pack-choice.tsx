import {
  BILLING_PERIODS,
  formatPrice,
  getProduct,
  type BillingPeriod,
  type PaymentCurrency,
} from '@studio/contract/plans';
import { RadioGroup, type RadioOption } from '@/components/ui/radio-group';

/**
 * The top-up's own choice of pack (ADR 050): 40, 160 or 480 credits, one-time. The catalogue keys
 * the packs by period (`topup_monthly`, spec §9), but a pack has no period, so it is chosen here
 * and not by the plans' period toggle, and no saving is claimed for it.
 */
export function TopupPackChoice({
  value,
  currency,
  onChange,
}: {
  value: BillingPeriod;
  currency: PaymentCurrency;
  onChange: (pack: BillingPeriod) => void;
}) {
  const options: readonly RadioOption<BillingPeriod>[] = BILLING_PERIODS.map((pack) => {
    const product = getProduct('topup', pack);
    return {
      value: pack,
      label: `${String(product.credits)} credits`,
      hint: formatPrice(product.price[currency], currency),
    };
  });
  return (
    <RadioGroup
      appearance="segments-sm"
      hideLabel
      label="Credit pack"
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}
