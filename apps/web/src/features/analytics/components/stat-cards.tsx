import type { AnalyticsResponse } from '@studio/contract/responses';
import { Camera, Scissors, Shirt, TrendingUp, type LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { CATEGORY_LABELS } from '../lib/labels';

function StatCard({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: string;
  icon: LucideIcon;
}) {
  return (
    <Card role="group" aria-label={label} className="flex items-center gap-3 p-4">
      <span className="rounded-lg bg-brand-50 p-2 text-brand-700" aria-hidden="true">
        <Icon className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="truncate text-2xl font-semibold tabular-nums">{value}</p>
      </div>
    </Card>
  );
}

/** The spec's four cards: three totals of the range and the peak product-image period. */
export function StatCards({ data }: { data: AnalyticsResponse }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={`Total ${CATEGORY_LABELS.productImages}`}
        value={String(data.totals.productImages)}
        icon={Camera}
      />
      <StatCard
        label={`Total ${CATEGORY_LABELS.tryOnSessions}`}
        value={String(data.totals.tryOnSessions)}
        icon={Shirt}
      />
      <StatCard
        label={CATEGORY_LABELS.fashionExtractions}
        value={String(data.totals.fashionExtractions)}
        icon={Scissors}
      />
      {/* No product images in the range: no period stands out, so no label is invented. */}
      <StatCard label="Peak Usage" value={data.peak ?? '—'} icon={TrendingUp} />
    </div>
  );
}
