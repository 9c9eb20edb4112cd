import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { HISTORY_PERIODS, isHistoryPeriod, type HistoryPeriod } from '../lib/periods';

/** All Time, Last 7, 30 or 90 Days; narrows the banner totals and both lists. */
export function PeriodSelect({
  value,
  onChange,
}: {
  value: HistoryPeriod;
  onChange: (period: HistoryPeriod) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="shrink-0">
        Period
      </Label>
      <NativeSelect
        id={id}
        className="w-40"
        value={value}
        onChange={(event) => {
          if (isHistoryPeriod(event.target.value)) onChange(event.target.value);
        }}
      >
        {HISTORY_PERIODS.map((period) => (
          <option key={period.value} value={period.value}>
            {period.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
