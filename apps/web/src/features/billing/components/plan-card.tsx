import { useId, type ReactNode } from 'react';
import { Check, Sparkles } from 'lucide-react';
import type { PaymentCurrency, Product } from '@studio/contract/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { PlanCardCopy } from '../lib/plan-cards';
import { PlanPreviewLine } from './plan-preview-line';
import { FreePriceTag, PriceTag } from './price-tag';

const actionLabels = {
  plus: 'Choose Plus',
  pro: 'Choose Pro',
  topup: 'Buy Credits',
} as const;

const periodTotals: Record<Product['period'], string> = {
  monthly: '',
  '4months': ' over 4 months',
  yearly: ' over a year',
};

/** What the chosen period's product adds up to: a top-up's pack, or a plan's credits in total. */
function creditsLine(product: Product): string | null {
  if (product.family === 'topup') return `${product.credits} credits`;
  if (product.period === 'monthly') return null;
  return `${product.credits} credits${periodTotals[product.period]}`;
}

interface PlanCardProps {
  copy: PlanCardCopy;
  /** The product at the chosen billing period; null for Free, which is never sold. */
  product: Product | null;
  currency: PaymentCurrency;
  isCurrent: boolean;
  /** This card's checkout is starting. */
  busy: boolean;
  /** Another checkout is starting. */
  disabled: boolean;
  onChoose: () => void;
  /** A line above the action, e.g. what buying this plan does to the one running. */
  note?: ReactNode;
  /** A choice under the price: the top-up's pack (ADR 050). */
  options?: ReactNode;
}

export function PlanCard({
  copy,
  product,
  currency,
  isCurrent,
  busy,
  disabled,
  onChoose,
  note,
  options,
}: PlanCardProps) {
  const titleId = useId();
  const credits = product ? creditsLine(product) : null;

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col gap-5 rounded-xl border bg-surface p-5 shadow-card sm:p-6',
        copy.popular ? 'border-brand-400 ring-1 ring-brand-400' : 'border-border',
        isCurrent && 'border-success ring-1 ring-success',
      )}
    >
      {copy.popular ? (
        <Badge variant="brand" className="absolute -top-3 left-5 bg-brand-600 text-white">
          <Sparkles aria-hidden="true" />
          Most Popular
        </Badge>
      ) : null}
      <div className="space-y-1">
        <h3 id={titleId} className="text-lg font-semibold tracking-tight">
          {copy.name}
        </h3>
        <p className="text-sm text-muted-foreground">{copy.tagline}</p>
      </div>

      {product ? (
        <PriceTag product={product} currency={currency} />
      ) : (
        <FreePriceTag currency={currency} />
      )}
      {options}

      <ul className="flex-1 space-y-2 text-sm">
        {credits ? (
          <li className="flex items-start gap-2 font-medium">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            {credits}
          </li>
        ) : null}
        {copy.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            {feature}
          </li>
        ))}
      </ul>

      {copy.family === 'topup' ? null : <PlanPreviewLine plan={copy.family} />}

      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}

      {isCurrent ? (
        <Button variant="outline" disabled className="w-full">
          Current Plan
        </Button>
      ) : copy.family === 'free' ? (
        <p className="text-center text-xs text-muted-foreground">
          Every account starts here, and returns here when a plan ends.
        </p>
      ) : (
        <Button
          variant={copy.popular ? 'primary' : 'outline'}
          className="w-full"
          loading={busy}
          disabled={busy || disabled}
          onClick={onChoose}
        >
          {actionLabels[copy.family]}
        </Button>
      )}
    </article>
  );
}
