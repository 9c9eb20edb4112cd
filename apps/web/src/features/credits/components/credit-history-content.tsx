import { useMemo, useState } from 'react';
import type {
  GenerationHistoryItem,
  GenerationHistoryResponse,
  OrderHistoryItem,
  OrderHistoryResponse,
} from '@studio/contract';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { HistoryPages } from '../api/credit-history';
import { EMPTY_FILTERS, hasActiveFilters, type HistoryFilters as Filters } from '../lib/filters';
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

export interface PageSizes {
  purchases: PageSize;
  usage: PageSize;
}

interface CreditHistoryContentProps {
  /** The first pages: the balance, the period's totals and the purchase list's length. */
  orders: OrderHistoryResponse;
  generations: GenerationHistoryResponse;
  purchasePages: HistoryPages<OrderHistoryItem>;
  usagePages: HistoryPages<GenerationHistoryItem>;
  pageSizes: PageSizes;
  onPageSizesChange: (sizes: PageSizes) => void;
  filters: Filters;
  onFiltersChange: (filters: Filters) => void;
}

/** Banner, filters and the two tabs, once both histories have loaded. */
export function CreditHistoryContent({
  orders,
  generations,
  purchasePages,
  usagePages,
  pageSizes,
  onPageSizesChange,
  filters,
  onFiltersChange,
}: CreditHistoryContentProps) {
  const [tab, setTab] = useState<HistoryTab>('purchases');
  // Spec: the banner and breakdown follow the period only, the lists every filter: both come
  // from the server's answers for the period (ADR 044), the lists already filtered.
  const view = useMemo(
    () => ({
      summary: summarize(
        { credits: orders.total_credits_purchased, orders: orders.total_orders },
        generations.usage_by_type,
      ),
      breakdown: usageBreakdown(generations.usage_by_type),
    }),
    [orders, generations],
  );

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
              <PurchaseHistory
                pages={purchasePages}
                total={orders.total_items}
                filtered={filtered}
                resetKey={`${resetKey} ${String(pageSizes.purchases)}`}
                pageSize={pageSizes.purchases}
                onPageSizeChange={(size) => {
                  onPageSizesChange({ ...pageSizes, purchases: size });
                }}
              />
            </TabsContent>
            <TabsContent value="usage" className="space-y-6">
              <UsageBreakdown entries={view.breakdown} periodLabel={label} />
              <UsageHistory
                pages={usagePages}
                filtered={filtered}
                resetKey={`${resetKey} ${String(pageSizes.usage)}`}
                pageSize={pageSizes.usage}
                onPageSizeChange={(size) => {
                  onPageSizesChange({ ...pageSizes, usage: size });
                }}
              />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}
