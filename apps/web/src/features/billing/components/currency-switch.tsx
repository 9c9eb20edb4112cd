import { PAYMENT_CURRENCIES, type PaymentCurrency } from '@studio/contract/plans';
import { RadioGroup, type RadioOption } from '@/components/ui/radio-group';

const options: readonly RadioOption<PaymentCurrency>[] = PAYMENT_CURRENCIES.map((currency) => ({
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
      <RadioGroup
        hideLabel
        appearance="segments-sm"
        label="Display currency"
        value={value}
        options={options}
        onChange={onChange}
      />
    </div>
  );
}
