import { useState } from 'react';
import { DEFAULT_ANALYTICS_RANGE, type AnalyticsRange } from '@studio/contract/responses';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useAnalytics } from '../api/analytics';
import { ActivityChart } from './activity-chart';
import { RangeSwitch } from './range-switch';
import { StatCards } from './stat-cards';
import { ToolCredits } from './tool-credits';
import { UsageTrends } from './usage-trends';

/** /analytics (document 1 §2 Analytics dashboard), from the user's own work (ADR 029). */
export function AnalyticsPage() {
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const query = useAnalytics(range);

  let body;
  if (query.isError) {
    body = (
      <RetryAlert
        title="Analytics could not be loaded"
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!query.data) {
    body = <AnalyticsLoading />;
  } else {
    const data = query.data;
    body = (
      // The previous range stays visible, dimmed, while the chosen one loads.
      <div
        className={cn('space-y-6 transition-opacity', query.isPlaceholderData && 'opacity-60')}
        aria-busy={query.isPlaceholderData}
      >
        <StatCards data={data} />
        <div className="grid gap-6 lg:grid-cols-2">
          <ActivityChart periods={data.periods} range={data.range} />
          <UsageTrends data={data} />
        </div>
        <ToolCredits data={data} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h2 className="text-2xl font-semibold tracking-tight">{paths.analytics.title}</h2>
          <p className="text-sm text-muted-foreground">
            Your product images, try-on sessions and extractions, in your time zone.
          </p>
        </div>
        <RangeSwitch value={range} onChange={setRange} />
      </div>
      {body}
    </div>
  );
}

function AnalyticsLoading() {
  return (
    <div className="space-y-6">
      <span className="sr-only" role="status">
        Loading analytics...
      </span>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}
