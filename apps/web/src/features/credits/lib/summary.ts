import type { GenerationHistoryResponse } from '@studio/contract';

/** The server's per-type totals of successful generations in the chosen period (ADR 044). */
export type UsageByType = GenerationHistoryResponse['usage_by_type'];

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

/**
 * Used ÷ purchased as a rounded percent; 0 when nothing was purchased (no division by zero), and
 * at most 100 (spending welcome credits too does not use more than everything bought).
 */
export function computeUsageRate(used: number, purchased: number): number {
  if (purchased <= 0) return 0;
  return Math.min(100, Math.round((used / purchased) * 100));
}

/** The server's purchases in the chosen period: credits bought and the paid orders (ADR 044). */
export interface PurchaseTotals {
  credits: number;
  orders: number;
}

/**
 * The summary banner's totals for the selected period, from the server's totals for it (the
 * rows arrive a page at a time): paid orders only, successful generations only.
 */
export function summarize(purchases: PurchaseTotals, usage: UsageByType): CreditSummary {
  const types = Object.values(usage);
  const totalUsed = types.reduce((sum, type) => sum + type.credits_used, 0);
  return {
    totalPurchased: purchases.credits,
    orderCount: purchases.orders,
    totalUsed,
    generationCount: types.reduce((sum, type) => sum + type.count, 0),
    usageRate: computeUsageRate(totalUsed, purchases.credits),
  };
}

export interface UsageBreakdownEntry {
  generationType: string;
  displayName: string;
  credits: number;
  count: number;
}

/** The server's per-type totals, largest spend first. */
export function usageBreakdown(usage: UsageByType): UsageBreakdownEntry[] {
  return Object.entries(usage)
    .map(([generationType, type]) => ({
      generationType,
      displayName: type.display_name,
      credits: type.credits_used,
      count: type.count,
    }))
    .sort((a, b) => b.credits - a.credits || a.displayName.localeCompare(b.displayName));
}
