import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionStatusResponse } from '@studio/contract';
import { subscriptionStatusResponseSchema } from '@studio/contract/responses';
import { api } from '@/lib/api-client';
import { getPlanFamily, type PlanFamily } from '../lib/plan';

/** An ISO string from the API; the display helpers also take epoch milliseconds. */
export type Timestamp = string | number;

/** The fields of `/subscription/status` the client reads (spec §3 Subscription status). */
export interface SubscriptionStatus {
  type: string;
  subscriptionCode: number | null;
  subscriptionId: string | null;
  /** When the prepaid period ends; null = no end (free). */
  endingTimestamp: Timestamp | null;
  /** When the plan was bought; null when there was no purchase. */
  transactionTimestamp: Timestamp | null;
  /** The plan before this one: the expired plan when `type` fell back to free, or the replaced one. */
  previousType: string | null;
  /** A plan bought to start when this one ends (ADR 023), and its start. */
  scheduledType?: string | null;
  scheduledStart?: Timestamp | null;
  /** What an upgrade bought now takes off its price, per currency, in whole units. */
  upgradeCredit?: { USD: number; INR: number } | null;
  /** How many unused cycles `upgradeCredit` is for. */
  upgradeCycles?: number | null;
}

function toSubscriptionStatus(body: SubscriptionStatusResponse): SubscriptionStatus {
  return {
    type: body.type,
    subscriptionCode: body.subscriptionCode,
    subscriptionId: body.subscriptionId,
    endingTimestamp: body.endingTimestamp,
    transactionTimestamp: body.transactionTimestamp,
    previousType: body.previous_type,
    scheduledType: body.scheduled_type ?? null,
    scheduledStart: body.scheduled_start ?? null,
    upgradeCredit: body.upgrade_credit ?? null,
    upgradeCycles: body.upgrade_cycles ?? null,
  };
}

export const subscriptionStatusQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['billing', 'subscription-status', userId],
    queryFn: ({ signal }) =>
      api.post(
        '/subscription/status',
        { userId },
        {
          parse: (data) => toSubscriptionStatus(subscriptionStatusResponseSchema.parse(data)),
          signal,
        },
      ),
  });

/** The full status for the Subscription page and the premium gate (which show its failure). */
export function useSubscriptionStatus(userId: string | null) {
  return useQuery({ ...subscriptionStatusQueryOptions(userId ?? ''), enabled: userId !== null });
}

/**
 * The user's plan family. A failed or malformed status counts as free (spec §4); `isLoading`
 * is true only while the first answer is outstanding.
 */
export function usePlan(userId: string | null): { family: PlanFamily; isLoading: boolean } {
  const query = useSubscriptionStatus(userId);
  return {
    family: getPlanFamily(query.data?.type),
    isLoading: userId !== null && query.isPending,
  };
}
