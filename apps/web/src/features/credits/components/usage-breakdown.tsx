import { formatCredits } from '@/lib/format';
import { pluralize } from '../lib/display';
import type { UsageBreakdownEntry } from '../lib/summary';

/** Spec §2 'Usage Breakdown': credits per generation type from successful generations. */
export function UsageBreakdown({
  entries,
  periodLabel,
}: {
  entries: UsageBreakdownEntry[];
  periodLabel: string;
}) {
  const total = entries.reduce((sum, entry) => sum + entry.credits, 0);
  return (
    <section aria-labelledby="usage-breakdown-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="usage-breakdown-title" className="text-base font-semibold tracking-tight">
          Usage Breakdown
        </h3>
        <p className="text-xs text-muted-foreground">{periodLabel}</p>
      </div>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No successful generations in this period.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {entries.map((entry) => (
            <li
              key={entry.generationType}
              className="space-y-2 rounded-lg border border-border bg-surface p-3"
            >
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate text-sm font-medium">{entry.displayName}</span>
                <span className="shrink-0 text-sm font-semibold tabular-nums">
                  {formatCredits(entry.credits)}
                </span>
              </div>
              <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-muted">
                <div
                  className="h-full rounded-full bg-brand-500"
                  style={{ width: `${total > 0 ? (entry.credits / total) * 100 : 0}%` }}
                />
              </div>
              <p className="text-xs text-muted-foreground">
                {pluralize(entry.count, 'generation')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
