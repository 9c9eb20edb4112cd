import type { GenerationHistoryItem, OrderHistoryItem } from '@studio/contract';
import { countsAsUsage } from './usage-outcome';

export interface CreditSummary {
  /** Credits from completed orders: welcome credits and adjustments are listed, not purchased. */
  totalPurchased: number;
  /** How many paid orders those credits came from. */
  orderCount: number;
  /** Credits spent on successful generations. */
  totalUsed: number;
  generationCount: number;
  /** totalUsed / totalPurchased as a whole percent, at most 100. */
  usageRate: number;
}

/** Only completed orders delivered bought credits; pending, closed or refunded ones have not. */
export function isCompletedPurchase(item: OrderHistoryItem): boolean {
  return item.status === 'completed' && item.source === 'order';
}

/**
 * Used ÷ purchased as a rounded percent; 0 when nothing was purchased (no division by zero), and
 * at most 100 (spending welcome credits too does not use more than everything bought).
 */
export function computeUsageRate(used: number, purchased: number): number {
  if (purchased <= 0) return 0;
  return Math.min(100, Math.round((used / purchased) * 100));
}

/**
 * The summary banner's totals, from the rows already narrowed to the selected period. The
 * server's own totals cover all time, so they cannot be used once a period is chosen.
 */
export function summarize(
  purchases: readonly OrderHistoryItem[],
  usage: readonly GenerationHistoryItem[],
): CreditSummary {
  const completed = purchases.filter(isCompletedPurchase);
  const successful = usage.filter(countsAsUsage);
  const totalPurchased = completed.reduce((sum, item) => sum + item.credits_received, 0);
  const totalUsed = successful.reduce((sum, item) => sum + item.credits_used, 0);
  return {
    totalPurchased,
    orderCount: completed.length,
    totalUsed,
    generationCount: successful.length,
    usageRate: computeUsageRate(totalUsed, totalPurchased),
  };
}

export interface UsageBreakdownEntry {
  generationType: string;
  displayName: string;
  credits: number;
  count: number;
}

/** Credits and counts per generation type from successful rows, largest spend first. */
export function usageBreakdown(usage: readonly GenerationHistoryItem[]): UsageBreakdownEntry[] {
  const byType = new Map<string, UsageBreakdownEntry>();
  for (const item of usage) {
    if (!countsAsUsage(item)) continue;
    const entry = byType.get(item.generation_type) ?? {
      generationType: item.generation_type,
      displayName: item.display_name,
      credits: 0,
      count: 0,
    };
    entry.credits += item.credits_used;
    entry.count += 1;
    byType.set(item.generation_type, entry);
  }
  return [...byType.values()].sort(
    (a, b) => b.credits - a.credits || a.displayName.localeCompare(b.displayName),
  );
}
