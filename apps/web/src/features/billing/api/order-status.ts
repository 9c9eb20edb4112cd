import type { OrderStatus } from '@studio/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isRecord, isString } from '@/lib/guards';

export interface OrderStatusResult {
  orderId: string;
  status: OrderStatus;
  message: string;
}

const orderStatuses: readonly OrderStatus[] = [
  'pending',
  'processing',
  'completed',
  'failed',
  'refunded',
];

function isOrderStatus(value: unknown): value is OrderStatus {
  return orderStatuses.some((status) => status === value);
}

export function parseOrderStatus(data: unknown): OrderStatusResult {
  if (
    !isRecord(data) ||
    data.success !== true ||
    !isString(data.orderId) ||
    !isOrderStatus(data.status)
  ) {
    throw new Error('Invalid order status response');
  }
  return {
    orderId: data.orderId,
    status: data.status,
    message: isString(data.message) && data.message.trim() !== '' ? data.message : data.status,
  };
}

export const orderStatusQueryOptions = (orderId: string, userId: string) =>
  queryOptions({
    queryKey: ['billing', 'order-status', orderId, userId],
    queryFn: ({ signal }) =>
      api.post('/order/status', { orderId, userId }, { parse: parseOrderStatus, signal }),
    // The banner asks once per visit (and polls while the payment settles); never from cache.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
