import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';

/** /upgrade for users who already qualify: nothing to buy, a way to manage the plan. */
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
      <p className="text-sm text-muted-foreground">
        The Canvas Editor, video generation and your monthly credits are all unlocked.
      </p>
      <Link to={paths.subscription.path} className={buttonVariants({ variant: 'outline' })}>
        Manage subscription
      </Link>
    </section>
  );
}
