import { Search, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { HistoryFilters as Filters } from '../lib/filters';

interface HistoryFiltersProps {
  filters: Filters;
  /** The search hint follows the tab, since each tab searches different fields (spec §5). */
  searchPlaceholder: string;
  canClear: boolean;
  onChange: (changes: Partial<Filters>) => void;
  onClear: () => void;
}

/** Search, an inclusive start/end date range and Clear (spec §2, §5). */
export function HistoryFilters({
  filters,
  searchPlaceholder,
  canClear,
  onChange,
  onClear,
}: HistoryFiltersProps) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
      <Field label="Search" className="col-span-2 lg:col-span-1">
        {(control) => (
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              {...control}
              type="search"
              value={filters.search}
              placeholder={searchPlaceholder}
              className="pl-9"
              onChange={(event) => {
                onChange({ search: event.target.value });
              }}
            />
          </div>
        )}
      </Field>
      <Field label="Start date">
        {(control) => (
          <Input
            {...control}
            type="date"
            value={filters.startDate}
            // Keeps the picker from offering a start after the chosen end.
            max={filters.endDate || undefined}
            onChange={(event) => {
              onChange({ startDate: event.target.value });
            }}
          />
        )}
      </Field>
      <Field label="End date">
        {(control) => (
          <Input
            {...control}
            type="date"
            value={filters.endDate}
            min={filters.startDate || undefined}
            onChange={(event) => {
              onChange({ endDate: event.target.value });
            }}
          />
        )}
      </Field>
      <Button
        variant="outline"
        className="col-span-2 lg:col-span-1"
        disabled={!canClear}
        onClick={onClear}
      >
        <X aria-hidden="true" />
        Clear
      </Button>
    </div>
  );
}
