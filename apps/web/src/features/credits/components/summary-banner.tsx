import { useId } from 'react';
import { Coins, Gauge, ShoppingCart, Sparkles, type LucideIcon } from 'lucide-react';
import { formatCredits } from '@/lib/format';
import { pluralize } from '../lib/display';
import type { CreditSummary } from '../lib/summary';

function Stat({
  label,
  value,
  hint,
  icon: Icon,
}: {
  label: string;
  value: string;
  hint: string;
  icon: LucideIcon;
}) {
  const labelId = useId();
  // A labelled group, so a test or screen reader can find "Usage Rate" and read its value.
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className="flex min-w-0 items-start gap-3 rounded-lg bg-surface/80 p-4"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p
          id={labelId}
          className="text-xs font-medium tracking-wide text-muted-foreground uppercase"
        >
          {label}
        </p>
        <p className="text-xl font-semibold tracking-tight">{value}</p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </div>
    </div>
  );
}

/** Spec §2: Current Balance, Total Purchased, Total Used and Usage Rate for the chosen period. */
export function SummaryBanner({
  balance,
  summary,
  periodLabel,
}: {
  balance: number;
  summary: CreditSummary;
  periodLabel: string;
}) {
  return (
    <section
      aria-label="Credit summary"
      className="rounded-xl border border-brand-200 bg-brand-50 p-3 sm:p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Stat
          label="Current Balance"
          value={formatCredits(balance)}
          hint="Available to spend now"
          icon={Coins}
        />
        <Stat
          label="Total Purchased"
          value={formatCredits(summary.totalPurchased)}
          hint={`From ${pluralize(summary.orderCount, 'order')} · ${periodLabel}`}
          icon={ShoppingCart}
        />
        <Stat
          label="Total Used"
          value={formatCredits(summary.totalUsed)}
          hint={`From ${pluralize(summary.generationCount, 'generation')} · ${periodLabel}`}
          icon={Sparkles}
        />
        <Stat
          label="Usage Rate"
          value={`${summary.usageRate}%`}
          hint="Of purchased credits used"
          icon={Gauge}
        />
      </div>
    </section>
  );
}
