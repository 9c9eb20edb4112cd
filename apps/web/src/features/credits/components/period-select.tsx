import { useId } from 'react';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
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
      <Select
        value={value}
        onValueChange={(next) => {
          if (isHistoryPeriod(next)) onChange(next);
        }}
      >
        <SelectTrigger id={id} className="w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {HISTORY_PERIODS.map((period) => (
            <SelectItem key={period.value} value={period.value}>
              {period.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
