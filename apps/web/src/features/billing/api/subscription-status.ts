import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isFiniteNumber, isRecord, isString } from '@/lib/guards';
import { getPlanFamily, type PlanFamily } from '../lib/plan';

/** A timestamp as the server sent it: ISO string (today's server) or epoch milliseconds. */
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
}

function readTimestamp(value: unknown): Timestamp | null {
  return isString(value) || isFiniteNumber(value) ? value : null;
}

export function parseSubscriptionStatus(data: unknown): SubscriptionStatus {
  const body = isRecord(data) && isRecord(data.data) ? data.data : data;
  if (!isRecord(body) || !isString(body.type)) throw new Error('Invalid subscription status');
  const code = Number(body.subscriptionCode);
  return {
    type: body.type,
    subscriptionCode: Number.isFinite(code) && body.subscriptionCode !== null ? code : null,
    subscriptionId: isString(body.subscriptionId) ? body.subscriptionId : null,
    endingTimestamp: readTimestamp(body.endingTimestamp),
    transactionTimestamp: readTimestamp(body.transactionTimestamp),
    previousType: isString(body.previous_type) ? body.previous_type : null,
  };
}

export const subscriptionStatusQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['billing', 'subscription-status', userId],
    queryFn: ({ signal }) =>
      api.post('/subscription/status', { userId }, { parse: parseSubscriptionStatus, signal }),
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
