import { ANALYTICS_RANGES, type AnalyticsRange } from '@studio/contract/responses';
import { cn } from '@/lib/cn';
import { RANGE_LABELS } from '../lib/labels';

/** 7 Days / 30 Days / 90 Days (document 1 §2): toggle buttons, the chosen one pressed. */
export function RangeSwitch({
  value,
  onChange,
}: {
  value: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Range"
      className="inline-flex rounded-lg border border-border bg-muted p-1"
    >
      {ANALYTICS_RANGES.map((range) => (
        <button
          key={range}
          type="button"
          aria-pressed={range === value}
          onClick={() => {
            onChange(range);
          }}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors',
            range === value && 'bg-surface text-foreground shadow-sm',
          )}
        >
          {RANGE_LABELS[range]}
        </button>
      ))}
    </div>
  );
}
