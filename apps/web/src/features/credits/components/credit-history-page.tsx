import { useState } from 'react';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth';
import { useCreditHistory } from '../api/credit-history';
import { EMPTY_FILTERS, type HistoryFilters } from '../lib/filters';
import { CreditHistoryContent } from './credit-history-content';
import { HistoryError, HistoryLoading } from './history-status';
import { PeriodSelect } from './period-select';

/** /credit-history (spec §2 Credit History): purchases, usage and their totals for a period. */
export function CreditHistoryPage() {
  const user = useCurrentUser();
  const history = useCreditHistory(user?.id ?? null);
  // Filters live here so the period selector in the heading and the filter bar share them.
  const [filters, setFilters] = useState<HistoryFilters>(EMPTY_FILTERS);

  let body;
  if (history.error) {
    body = (
      <HistoryError error={history.error} retrying={history.isRetrying} onRetry={history.retry} />
    );
  } else if (!history.orders || !history.generations) {
    body = <HistoryLoading />;
  } else {
    body = (
      <CreditHistoryContent
        orders={history.orders}
        generations={history.generations}
        filters={filters}
        onFiltersChange={setFilters}
      />
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h2 className="text-2xl font-semibold tracking-tight">{paths.creditHistory.title}</h2>
          <p className="text-sm text-muted-foreground">
            Every credit purchase and what each generation cost.
          </p>
        </div>
        <PeriodSelect
          value={filters.period}
          onChange={(period) => {
            setFilters((current) => ({ ...current, period }));
          }}
        />
      </div>
      {body}
    </div>
  );
}
