import { useId } from 'react';
import {
  formatPrice,
  getProduct,
  productDisplayName,
  type PaymentCurrency,
  type Product,
} from '@studio/contract/plans';
import { Alert } from '@/components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { PAYMENT_LINK_ERROR } from '../lib/messages';
import type { PlanChangePreview } from '../api/plan-change-preview';
import type { Purchase } from '../lib/payment-request';
import { PlanChangeReview } from './plan-change-review';

/**
 * What is being bought, in the cards' words: a plan with its period ('Pro Monthly'), or a top-up
 * as the one-time pack it is (spec §2: 'Topup is one-time'), never 'Credit Topup Monthly'.
 */
function purchaseName(product: Product): string {
  return product.family === 'topup'
    ? `Credit Topup (${product.credits} credits, one-time)`
    : productDisplayName(product.serviceType);
}

/** INR first: it is the provider for customers in India, the product's home market. */
const choices: readonly { currency: PaymentCurrency; audience: string; provider: string }[] = [
  { currency: 'INR', audience: 'For customers in India', provider: 'Razorpay' },
  { currency: 'USD', audience: 'International', provider: 'Stripe' },
];

interface CurrencyChoiceDialogProps {
  open: boolean;
  /** What is being bought; kept after closing so the dialog does not go blank as it fades out. */
  item: Omit<Purchase, 'currency'> | null;
  /** The currency whose payment link is being made, if any. */
  pendingCurrency: PaymentCurrency | null;
  failed: boolean;
  onChoose: (currency: PaymentCurrency) => void;
  onClose: () => void;
  /** A plan change to review before the checkout opens (ADR 050); null: choose the currency. */
  review?: { preview: PlanChangePreview; onConfirm: () => void; onBack: () => void } | null;
}

/**
 * Spec §2 Subscription: pick INR (Razorpay) or USD (Stripe) before going to the payment page.
 * Default export: the page loads it (with Radix Dialog) after first paint, not up front.
 */
export default function CurrencyChoiceDialog({
  open,
  item,
  pendingCurrency,
  failed,
  onChoose,
  onClose,
  review = null,
}: CurrencyChoiceDialogProps) {
  const product = item ? getProduct(item.family, item.period) : null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // While the link is being made the choice is locked in; closing would hide the outcome.
        if (!next && pendingCurrency === null) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{review ? 'Review your plan change' : 'Choose your currency'}</DialogTitle>
          <DialogDescription>
            {review
              ? `${review.preview.plan_display_name}: what happens to your current plan, before you pay.`
              : product
                ? `${purchaseName(product)}: pick how you would like to pay.`
                : null}
          </DialogDescription>
        </DialogHeader>
        {review ? (
          <PlanChangeReview
            preview={review.preview}
            pending={pendingCurrency !== null}
            onConfirm={review.onConfirm}
            onBack={review.onBack}
          />
        ) : null}
        <div className={cn('grid gap-3', review && 'hidden')}>
          {choices.map((choice) => (
            <CurrencyOption
              key={choice.currency}
              {...choice}
              price={product ? formatPrice(product.price[choice.currency], choice.currency) : ''}
              pending={pendingCurrency === choice.currency}
              disabled={pendingCurrency !== null}
              onChoose={onChoose}
            />
          ))}
        </div>
        {failed ? (
          <Alert variant="destructive" role="alert">
            {PAYMENT_LINK_ERROR}
          </Alert>
        ) : null}
        {pendingCurrency ? (
          <p role="status" className="text-sm text-muted-foreground">
            Taking you to the payment page...
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CurrencyOption({
  currency,
  audience,
  provider,
  price,
  pending,
  disabled,
  onChoose,
}: {
  currency: PaymentCurrency;
  audience: string;
  provider: string;
  price: string;
  pending: boolean;
  disabled: boolean;
  onChoose: (currency: PaymentCurrency) => void;
}) {
  const id = useId();
  return (
    <button
      type="button"
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-details`}
      aria-busy={pending || undefined}
      disabled={disabled}
      onClick={() => {
        onChoose(currency);
      }}
      className={cn(
        'flex w-full items-center justify-between gap-4 rounded-lg border border-border bg-surface px-4 py-3 text-left transition-colors',
        'hover:border-brand-300 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60',
        pending && 'border-brand-400 bg-brand-50 disabled:opacity-100',
      )}
    >
      <span className="min-w-0">
        <span id={`${id}-name`} className="block font-semibold">
          Pay in {currency}
        </span>
        <span id={`${id}-details`} className="block text-sm text-muted-foreground">
          {audience} · {provider}
        </span>
      </span>
      <span className="flex shrink-0 items-center gap-2 font-semibold">
        {pending ? <Spinner className="text-primary" /> : null}
        {price}
      </span>
    </button>
  );
}
