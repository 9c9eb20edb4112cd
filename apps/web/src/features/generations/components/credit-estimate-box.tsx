import { Coins, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import type { CreditEstimateState } from '../api/credit-estimate';

const credits = (n: number) => `${String(n)} credit${n === 1 ? '' : 's'}`;

interface CreditEstimateBoxProps {
  state: CreditEstimateState;
  /** Shown before the estimate can run (no input image yet). */
  idleText?: string;
  className?: string;
}

/**
 * What the current settings cost and what the user has (document 2 §4 Credit estimation), with a
 * warning and a way to buy credits when the balance is short. A failed estimate is not an
 * error for the user: the server checks the balance again when they generate.
 */
export function CreditEstimateBox({
  state,
  idleText = 'Add an image to see what this costs.',
  className,
}: CreditEstimateBoxProps) {
  const { estimate, isEstimating, error, enabled } = state;

  let body;
  if (!enabled) {
    body = <p className="text-muted-foreground">{idleText}</p>;
  } else if (estimate) {
    const short = estimate.creditCost - estimate.available;
    body = (
      <div className="space-y-1">
        <p className="flex flex-wrap items-center justify-between gap-x-3">
          <span>
            Estimated cost: <strong className="tabular-nums">{credits(estimate.creditCost)}</strong>
          </span>
          <span className="text-muted-foreground">
            Available: <span className="tabular-nums">{credits(estimate.available)}</span>
          </span>
        </p>
        {estimate.creditCost === 0 && estimate.message ? (
          <p className="text-xs text-muted-foreground">{estimate.message}</p>
        ) : null}
        {!estimate.canAfford && short > 0 ? (
          <p className="flex items-start gap-1.5 text-warning">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Not enough credits: you need {credits(short)} more.{' '}
              <Link to={paths.subscription.path} className="font-medium underline">
                Buy credits
              </Link>
            </span>
          </p>
        ) : null}
      </div>
    );
  } else if (error) {
    body = (
      <p className="text-muted-foreground">
        Could not estimate the cost right now. The price is checked again when you generate.
      </p>
    );
  } else {
    body = (
      <p className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        Estimating cost…
      </p>
    );
  }

  return (
    <div
      role="group"
      aria-label="Credit estimate"
      aria-busy={isEstimating || undefined}
      className={cn(
        'flex gap-3 rounded-lg border border-border bg-muted/50 px-4 py-3 text-sm',
        estimate && !estimate.canAfford && 'border-warning/40 bg-warning-soft',
        className,
      )}
    >
      <Coins aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
      <div aria-live="polite" className="min-w-0 flex-1">
        {body}
      </div>
    </div>
  );
}
