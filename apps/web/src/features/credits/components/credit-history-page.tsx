import { useState } from 'react';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth';
import { useCreditHistory } from '../api/credit-history';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { EMPTY_FILTERS, historyQuery, type HistoryFilters } from '../lib/filters';
import { DEFAULT_PAGE_SIZE } from '../lib/pagination';
import { CreditHistoryContent, type PageSizes } from './credit-history-content';
import { HistoryError, HistoryLoading } from './history-status';
import { PeriodSelect } from './period-select';

const SEARCH_PAUSE_MS = 250;

/** /credit-history (spec §2 Credit History): purchases, usage and their totals for a period. */
export function CreditHistoryPage() {
  const user = useCurrentUser();
  // Filters live here so the period selector in the heading and the filter bar share them.
  const [filters, setFilters] = useState<HistoryFilters>(EMPTY_FILTERS);
  const [pageSizes, setPageSizes] = useState<PageSizes>({
    purchases: DEFAULT_PAGE_SIZE,
    usage: DEFAULT_PAGE_SIZE,
  });
  // The lists are filtered by the server (ADR 044): a search is sent once typing pauses.
  const search = useDebouncedValue(filters.search, SEARCH_PAUSE_MS);
  const history = useCreditHistory(user?.id ?? null, {
    purchases: historyQuery({ ...filters, search }, pageSizes.purchases),
    usage: historyQuery({ ...filters, search }, pageSizes.usage),
  });

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
        purchasePages={history.purchasePages}
        usagePages={history.usagePages}
        pageSizes={pageSizes}
        onPageSizesChange={setPageSizes}
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
