import type { OrderStatus, PaymentCurrency, SandboxOutcome } from '@studio/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isFiniteNumber, isRecord, isString } from '@/lib/guards';
import { parseOrderStatus } from './order-status';

export interface SandboxOrder {
  orderId: string;
  planDisplayName: string;
  amount: number;
  currency: PaymentCurrency;
  credits: number;
  status: OrderStatus;
}

export function parseSandboxOrder(data: unknown): SandboxOrder {
  if (
    !isRecord(data) ||
    data.success !== true ||
    !isString(data.plan_display_name) ||
    !isFiniteNumber(data.amount) ||
    (data.currency !== 'USD' && data.currency !== 'INR') ||
    !isFiniteNumber(data.credits)
  ) {
    throw new Error('Invalid sandbox order');
  }
  // The status and id checks are the order-status ones; the message is not part of this answer.
  const { orderId, status } = parseOrderStatus({ ...data, message: '' });
  return {
    orderId,
    planDisplayName: data.plan_display_name,
    amount: data.amount,
    currency: data.currency,
    credits: data.credits,
    status,
  };
}

export const sandboxOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['billing', 'sandbox-order', orderId],
    queryFn: ({ signal }) =>
      api.get(`/payments/sandbox/orders/${encodeURIComponent(orderId)}`, {
        parse: parseSandboxOrder,
        signal,
      }),
  });

export interface SandboxCompletion {
  status: OrderStatus;
  /** Same-site path to continue at, e.g. `/?od=<orderId>`. */
  redirect: string;
}

export function parseSandboxCompletion(data: unknown): SandboxCompletion {
  if (
    !isRecord(data) ||
    data.success !== true ||
    !isString(data.redirect) ||
    // Only an in-app path: this page must not become a way to send users elsewhere.
    !data.redirect.startsWith('/') ||
    data.redirect.startsWith('//') ||
    data.redirect.startsWith('/\\')
  ) {
    throw new Error('Invalid sandbox completion');
  }
  const { status } = parseOrderStatus({ ...data, orderId: '', message: '' });
  return { status, redirect: data.redirect };
}

/** Settles a sandbox order the way a provider webhook would (paid, failed or cancelled). */
export function completeSandboxOrder(
  orderId: string,
  outcome: SandboxOutcome,
): Promise<SandboxCompletion> {
  return api.post(
    '/payments/sandbox/complete',
    { orderId, outcome },
    { parse: parseSandboxCompletion },
  );
}
