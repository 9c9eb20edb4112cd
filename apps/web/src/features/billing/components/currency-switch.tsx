import { PAYMENT_CURRENCIES, type PaymentCurrency } from '@studio/contract/plans';
import { SegmentedControl, type SegmentOption } from './segmented-control';

const options: readonly SegmentOption<PaymentCurrency>[] = PAYMENT_CURRENCIES.map((currency) => ({
  value: currency,
  label: currency,
}));

/** Which currency the cards show prices in; the payment currency is chosen again at checkout. */
export function CurrencySwitch({
  value,
  onChange,
}: {
  value: PaymentCurrency;
  onChange: (currency: PaymentCurrency) => void;
}) {
  return (
    <div className="flex items-center gap-2 text-xs text-muted-foreground">
      <span aria-hidden="true">Prices in</span>
      <SegmentedControl
        label="Display currency"
        size="sm"
        value={value}
        options={options}
        onChange={onChange}
      />
    </div>
  );
}
