import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@studio/contract';
import { creditsQueryKey } from '@/features/credits';
import { getErrorMessage } from '@/lib/api-client';
import { orderStatusQueryOptions } from '../api/order-status';
import { subscriptionStatusQueryOptions } from '../api/subscription-status';
import { isSettling, ORDER_POLL_INTERVAL_MS, ORDER_POLL_LIMIT_MS } from '../lib/order-banner';

export type OrderStatusView =
  { phase: 'checking' } | { phase: 'result'; status: OrderStatus | 'error'; message: string };

const STATUS_ERROR_MESSAGE = 'We could not check your payment status. Please refresh the page.';

/**
 * The outcome of the order the user came back from (spec §4 Order banner). A payment still
 * pending or processing is asked about every 2 s, for up to 20 s, before its status is shown: the
 * provider's webhook usually lands within that window. A completed order refreshes the credits
 * and the plan so the header and sidebar show what was bought.
 */
export function useOrderStatus(orderId: string, userId: string): OrderStatusView {
  const queryClient = useQueryClient();
  const [pollingOver, setPollingOver] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setPollingOver(true);
    }, ORDER_POLL_LIMIT_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, []);

  const query = useQuery({
    ...orderStatusQueryOptions(orderId, userId),
    refetchInterval: (current) =>
      !pollingOver && current.state.data && isSettling(current.state.data.status)
        ? ORDER_POLL_INTERVAL_MS
        : false,
  });

  const completed = query.data?.status === 'completed';
  useEffect(() => {
    if (!completed) return;
    void queryClient.invalidateQueries({ queryKey: creditsQueryKey(userId) });
    void queryClient.invalidateQueries({
      queryKey: subscriptionStatusQueryOptions(userId).queryKey,
    });
  }, [completed, queryClient, userId]);

  if (query.isError) {
    return {
      phase: 'result',
      status: 'error',
      message: getErrorMessage(query.error, STATUS_ERROR_MESSAGE),
    };
  }
  if (!query.data || (isSettling(query.data.status) && !pollingOver)) return { phase: 'checking' };
  return { phase: 'result', status: query.data.status, message: query.data.message };
}
