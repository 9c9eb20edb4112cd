import type { OrderStatus } from '@studio/contract';
import { orderStatusResponseSchema } from '@studio/contract/responses';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface OrderStatusResult {
  orderId: string;
  status: OrderStatus;
  message: string;
}

/** A blank message reads as the status itself, so the banner always has something to say. */
function readOrderStatus(data: unknown): OrderStatusResult {
  const { orderId, status, message } = orderStatusResponseSchema.parse(data);
  return { orderId, status, message: message.trim() === '' ? status : message };
}

export const orderStatusQueryOptions = (orderId: string, userId: string) =>
  queryOptions({
    queryKey: ['billing', 'order-status', orderId, userId],
    queryFn: ({ signal }) =>
      api.post('/order/status', { orderId, userId }, { parse: readOrderStatus, signal }),
    // The banner asks once per visit (and polls while the payment settles); never from cache.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
