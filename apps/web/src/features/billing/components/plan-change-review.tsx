import { formatPrice } from '@studio/contract/plans';
import { Button } from '@/components/ui/button';
import type { PlanChangePreview } from '../api/plan-change-preview';

/** Whole amounts as the cards show them ('₹800'), others with their cents ('$12.50'). */
function money(amount: number, currency: string): string {
  return Number.isInteger(amount)
    ? formatPrice(amount, currency)
    : new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
}

interface PlanChangeReviewProps {
  preview: PlanChangePreview;
  /** The checkout is being opened. */
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

/**
 * The step between the currency and the checkout when a plan is running (ADR 050): what happens to
 * the current plan, its credits and the period, and the amount, in the server's words and figures.
 */
export function PlanChangeReview({ preview, pending, onConfirm, onBack }: PlanChangeReviewProps) {
  const amount = money(preview.amount, preview.currency);
  return (
    <div className="space-y-4">
      <ul className="list-disc space-y-2 pl-5 text-sm">
        {preview.summary.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <dl className="space-y-1 rounded-lg border border-border bg-muted/40 p-3 text-sm">
        {preview.credit > 0 ? (
          <>
            <div className="flex justify-between gap-4">
              <dt>{preview.plan_display_name}</dt>
              <dd>{money(preview.price, preview.currency)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>Unused time of your current plan</dt>
              <dd>−{money(preview.credit, preview.currency)}</dd>
            </div>
          </>
        ) : null}
        <div className="flex justify-between gap-4 font-semibold">
          <dt>Amount to pay</dt>
          <dd>{amount}</dd>
        </div>
      </dl>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={pending} onClick={onBack}>
          Back
        </Button>
        <Button loading={pending} disabled={pending} onClick={onConfirm}>
          Continue to payment: {amount}
        </Button>
      </div>
    </div>
  );
}
