import {
  discountPercent,
  formatPrice,
  listPrice,
  type PaymentCurrency,
  type Product,
} from '@studio/contract/plans';
import { Badge } from '@/components/ui/badge';

const periodSuffix: Record<Product['period'], string> = {
  monthly: '/ month',
  '4months': '/ 4 months',
  yearly: '/ year',
};

/**
 * A card's price in the display currency. Longer periods show the undiscounted price (monthly
 * times the months covered) struck through, and the saving (spec §9).
 */
export function PriceTag({ product, currency }: { product: Product; currency: PaymentCurrency }) {
  const price = product.price[currency];
  // A top-up is one-time: no period, so no saving against a monthly price (ADR 050).
  const list = product.family === 'topup' ? price : listPrice(product, currency);
  const saving = discountPercent(product, currency);
  return (
    <div className="space-y-1">
      <p className="flex items-baseline gap-1.5">
        <span className="text-3xl font-bold tracking-tight">{formatPrice(price, currency)}</span>
        <span className="text-sm text-muted-foreground">
          {product.family === 'topup' ? 'one-time' : periodSuffix[product.period]}
        </span>
      </p>
      {list > price ? (
        <p className="flex items-center gap-2 text-sm">
          <span className="sr-only">Regular price</span>
          <del className="text-muted-foreground">{formatPrice(list, currency)}</del>
          <Badge variant="success">Save {saving}%</Badge>
        </p>
      ) : null}
    </div>
  );
}

/** The Free card's price: nothing, for good. */
export function FreePriceTag({ currency }: { currency: PaymentCurrency }) {
  return (
    <p className="flex items-baseline gap-1.5">
      <span className="text-3xl font-bold tracking-tight">{formatPrice(0, currency)}</span>
      <span className="text-sm text-muted-foreground">forever</span>
    </p>
  );
}
