import type { OrderStatus, PaymentCurrency, SandboxOutcome } from '@studio/contract';
import {
  sandboxCompleteResponseSchema,
  sandboxOrderResponseSchema,
} from '@studio/contract/responses';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SandboxOrder {
  orderId: string;
  planDisplayName: string;
  amount: number;
  currency: PaymentCurrency;
  credits: number;
  status: OrderStatus;
  /** What paying does to the running plan (upgrade now, scheduled, extends), said before paying. */
  planChange: string | null;
}

function readSandboxOrder(data: unknown): SandboxOrder {
  const {
    plan_display_name: planDisplayName,
    plan_change: planChange,
    success: _success,
    ...order
  } = sandboxOrderResponseSchema.parse(data);
  return { ...order, planDisplayName, planChange: planChange ?? null };
}

export const sandboxOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['billing', 'sandbox-order', orderId],
    queryFn: ({ signal }) =>
      api.get(`/payments/sandbox/orders/${encodeURIComponent(orderId)}`, {
        parse: readSandboxOrder,
        signal,
      }),
  });

export interface SandboxCompletion {
  status: OrderStatus;
  /** Same-site path to continue at, e.g. `/?od=<orderId>`. */
  redirect: string;
}

function readSandboxCompletion(data: unknown): SandboxCompletion {
  const { status, redirect } = sandboxCompleteResponseSchema.parse(data);
  // Only an in-app path: this page must not become a way to send users elsewhere.
  if (!redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) {
    throw new Error('Redirect leaves the app');
  }
  return { status, redirect };
}

/** Settles a sandbox order the way a provider webhook would (paid, failed or cancelled). */
export function completeSandboxOrder(
  orderId: string,
  outcome: SandboxOutcome,
): Promise<SandboxCompletion> {
  return api.post(
    '/payments/sandbox/complete',
    { orderId, outcome },
    { parse: readSandboxCompletion },
  );
}
