import { useMemo, useState } from 'react';
import type { GenerationHistoryResponse, OrderHistoryResponse } from '@studio/contract';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { UsagePages } from '../api/credit-history';
import {
  EMPTY_FILTERS,
  filterPurchases,
  hasActiveFilters,
  purchasesInPeriod,
  type HistoryFilters as Filters,
} from '../lib/filters';
import type { PageSize } from '../lib/pagination';
import { periodLabel } from '../lib/periods';
import { summarize, usageBreakdown } from '../lib/summary';
import { HistoryFilters } from './history-filters';
import { PurchaseHistory } from './purchase-history';
import { SummaryBanner } from './summary-banner';
import { UsageBreakdown } from './usage-breakdown';
import { UsageHistory } from './usage-history';

type HistoryTab = 'purchases' | 'usage';

const searchPlaceholders: Record<HistoryTab, string> = {
  purchases: 'Search by plan, order ID or status',
  usage: 'Search by type, name or prompt',
};

function isHistoryTab(value: string): value is HistoryTab {
  return value === 'purchases' || value === 'usage';
}

interface CreditHistoryContentProps {
  orders: OrderHistoryResponse;
  /** The first usage page: the balance and the period's per-type totals. */
  generations: GenerationHistoryResponse;
  usage: UsagePages;
  usagePageSize: PageSize;
  onUsagePageSizeChange: (size: PageSize) => void;
  filters: Filters;
  onFiltersChange: (filters: Filters) => void;
}

/** Banner, filters and the two tabs, once both histories have loaded. */
export function CreditHistoryContent({
  orders,
  generations,
  usage,
  usagePageSize,
  onUsagePageSizeChange,
  filters,
  onFiltersChange,
}: CreditHistoryContentProps) {
  const [tab, setTab] = useState<HistoryTab>('purchases');
  // One "now" per visit keeps the period windows stable while the user pages and filters.
  const [now] = useState(() => Date.now());

  const view = useMemo(() => {
    const periodPurchases = purchasesInPeriod(orders.order_history, filters.period, now);
    return {
      // Spec: the banner and breakdown follow the period only, the lists every filter. The
      // usage totals are the server's for the period; its list arrives already filtered.
      summary: summarize(periodPurchases, generations.usage_by_type),
      breakdown: usageBreakdown(generations.usage_by_type),
      purchases: filterPurchases(orders.order_history, filters, now),
    };
  }, [orders, generations, filters, now]);

  const filtered = hasActiveFilters(filters);
  const resetKey = JSON.stringify(filters);
  const label = periodLabel(filters.period);

  return (
    <div className="space-y-6">
      <SummaryBanner balance={orders.current_balance} summary={view.summary} periodLabel={label} />
      <Card>
        <CardContent className="space-y-5 pt-5 sm:pt-6">
          <HistoryFilters
            filters={filters}
            searchPlaceholder={searchPlaceholders[tab]}
            canClear={filtered}
            onChange={(changes) => {
              onFiltersChange({ ...filters, ...changes });
            }}
            onClear={() => {
              onFiltersChange(EMPTY_FILTERS);
            }}
          />
          <Tabs
            value={tab}
            onValueChange={(value) => {
              if (isHistoryTab(value)) setTab(value);
            }}
          >
            <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
              <TabsTrigger value="purchases">Purchase History</TabsTrigger>
              <TabsTrigger value="usage">Usage History</TabsTrigger>
            </TabsList>
            <TabsContent value="purchases">
              <PurchaseHistory items={view.purchases} filtered={filtered} resetKey={resetKey} />
            </TabsContent>
            <TabsContent value="usage" className="space-y-6">
              <UsageBreakdown entries={view.breakdown} periodLabel={label} />
              <UsageHistory
                usage={usage}
                filtered={filtered}
                resetKey={`${resetKey} ${String(usagePageSize)}`}
                pageSize={usagePageSize}
                onPageSizeChange={onUsagePageSizeChange}
              />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}
