import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isFiniteNumber, isRecord, isString } from '@/lib/guards';
import { getPlanFamily, type PlanFamily } from '../lib/plan';

/** The fields of `/subscription/status` the client reads (spec §3 Subscription status). */
export interface SubscriptionStatus {
  type: string;
  subscriptionCode: number | null;
  subscriptionId: string | null;
  /** When the prepaid period ends, as the server sent it (ISO string or epoch); null = no end. */
  endingTimestamp: string | number | null;
  previousType: string | null;
}

export function parseSubscriptionStatus(data: unknown): SubscriptionStatus {
  const body = isRecord(data) && isRecord(data.data) ? data.data : data;
  if (!isRecord(body) || !isString(body.type)) throw new Error('Invalid subscription status');
  const code = Number(body.subscriptionCode);
  const ending = body.endingTimestamp;
  return {
    type: body.type,
    subscriptionCode: Number.isFinite(code) && body.subscriptionCode !== null ? code : null,
    subscriptionId: isString(body.subscriptionId) ? body.subscriptionId : null,
    endingTimestamp: isString(ending) || isFiniteNumber(ending) ? ending : null,
    previousType: isString(body.previous_type) ? body.previous_type : null,
  };
}

export const subscriptionStatusQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['billing', 'subscription-status', userId],
    queryFn: ({ signal }) =>
      api.post('/subscription/status', { userId }, { parse: parseSubscriptionStatus, signal }),
  });

/**
 * The user's plan family. A failed or malformed status counts as free (spec §4); `isLoading`
 * is true only while the first answer is outstanding.
 */
export function usePlan(userId: string | null): { family: PlanFamily; isLoading: boolean } {
  const query = useQuery({
    ...subscriptionStatusQueryOptions(userId ?? ''),
    enabled: userId !== null,
  });
  return {
    family: getPlanFamily(query.data?.type),
    isLoading: userId !== null && query.isPending,
  };
}
