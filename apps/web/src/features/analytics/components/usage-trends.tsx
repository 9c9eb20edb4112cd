import {
  ANALYTICS_CATEGORIES,
  ANALYTICS_SCALES,
  type AnalyticsResponse,
} from '@studio/contract/responses';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { percentOf } from '../lib/chart';
import { CATEGORY_COLOURS, CATEGORY_LABELS, PERIOD_NAMES } from '../lib/labels';

/**
 * 'Usage Trends' (document 1 §2): each category's average per period against the spec's full
 * scale for the range (150/600/1800, 100/400/1200, 80/320/960).
 */
export function UsageTrends({ data }: { data: AnalyticsResponse }) {
  const per = PERIOD_NAMES[data.range];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Usage Trends</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {ANALYTICS_CATEGORIES.map((category) => {
          const average = data.averages[category];
          const full = ANALYTICS_SCALES[category][data.range];
          const label = `Average ${CATEGORY_LABELS[category]} per ${per}`;
          return (
            <div key={category} className="space-y-1.5">
              <div className="flex justify-between gap-2 text-sm">
                <span>{label}</span>
                <span className="text-muted-foreground tabular-nums">
                  {average} / {full}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={label}
                aria-valuemin={0}
                aria-valuemax={full}
                aria-valuenow={Math.min(average, full)}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className={cn('h-full rounded-full', CATEGORY_COLOURS[category])}
                  style={{ width: `${String(percentOf(average, full))}%` }}
                />
              </div>
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
