import { Check, Crown } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { planCardBenefits } from '../lib/plan-benefits';

/** /upgrade for users who already qualify: what the plan includes (as its card says), no sale. */
export function ProPlanPanel() {
  return (
    <section
      aria-labelledby="pro-plan-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-border bg-surface px-6 py-10 text-center shadow-card"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-md">
        <Crown aria-hidden="true" className="size-7" />
      </span>
      <h2 id="pro-plan-title" className="text-2xl font-semibold tracking-tight">
        You are on the Pro plan
      </h2>
      <p className="text-sm text-muted-foreground">Everything the Pro plan includes is unlocked:</p>
      <ul aria-label="Included in Pro" className="space-y-2 text-left text-sm">
        {planCardBenefits('pro').map((benefit) => (
          <li key={benefit} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            {benefit}
          </li>
        ))}
      </ul>
      <Link to={paths.subscription.path} className={buttonVariants({ variant: 'outline' })}>
        Manage subscription
      </Link>
    </section>
  );
}
