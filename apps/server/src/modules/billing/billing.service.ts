import { z } from 'zod';
import {
  CURRENCY_SYMBOLS,
  findProduct,
  productDisplayName,
  type OrderStatus,
  type OrderStatusResponse,
  type PaymentCurrency,
  type Product,
  type SandboxOutcome,
} from '@studio/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { sandboxEvent } from '../../platform/payments/sandbox';
import {
  CHECKOUT_LIFETIME_SECONDS,
  type PaymentEvent,
  type PaymentOutcome,
  type PaymentProvider,
} from '../../platform/payments/types';
import * as credits from '../credits/credits.service';
import type { Tx } from '../credits/credits.service';
import * as repo from './billing.repository';
import { canMove, closedUnpaid, isOpen, statusOf } from './order-states';
import * as plans from './subscriptions.service';

export type { OrderRow, SubscriptionRow } from './billing.repository';

export interface BillingDeps {
  db: Db;
  publicUrl: string;
  /** The provider that takes payments in each currency (a real one, or the sandbox); none: 503. */
  providers: Partial<Record<PaymentCurrency, PaymentProvider>>;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

/** Order ids are UUIDs; anything else (another integration's notes) is not ours. */
const isUuid = (value: string) => z.guid().safeParse(value).success;

export const paymentLinkFailed = () =>
  new AppError(502, 'payment_provider_error', 'Failed to generate payment link. Please try again.');

/* ----------------------------------------------------------------------------------------------
 * Orders and payment links
 * -------------------------------------------------------------------------------------------- */

export interface PaymentLinkInput {
  serviceType: string;
  currency: PaymentCurrency;
  /** The client's idea of the price: checked for top-ups, never used to charge. */
  amount?: number | undefined;
}

/** Checks the request against the catalogue; the order is always priced from the catalogue. */
export function resolveProduct(input: PaymentLinkInput): Product {
  const product = findProduct(input.serviceType);
  if (!product) throw new AppError(400, 'bad_request', 'Unknown plan or billing period.');
  const price = product.price[input.currency];
  if (product.family === 'topup' && input.amount && input.amount !== price) {
    throw new AppError(
      400,
      'bad_request',
      `This credit pack costs ${String(price)} ${input.currency}, not ${String(input.amount)}.`,
    );
  }
  return product;
}

export async function createPaymentLink(
  deps: BillingDeps,
  user: { id: string; email: string },
  input: PaymentLinkInput,
): Promise<{ paymentLink: string; orderId: string }> {
  const product = resolveProduct(input);
  const provider = deps.providers[input.currency];
  if (!provider) {
    throw new AppError(
      503,
      'service_unavailable',
      `Payments in ${input.currency} are not available.`,
    );
  }
  const quote =
    product.family === 'topup'
      ? undefined
      : await plans.quotePlan(deps.db, user.id, product, input.currency);
  const order = await repo.insertOrder(deps.db, {
    userId: user.id,
    serviceType: product.serviceType,
    currency: input.currency,
    amountMinor: Math.round(product.price[input.currency] * 100) - (quote?.creditMinor ?? 0),
    credits: product.credits,
    provider: provider.name,
    replacesSubscriptionId: quote?.replaces?.id ?? null,
    creditedCycles: quote?.creditedCycles ?? 0,
    creditMinor: quote?.creditMinor ?? 0,
  });
  try {
    const session = await provider.createCheckout(
      {
        id: order.id,
        displayName: checkoutName(product, order),
        currency: input.currency,
        amountMinor: order.amountMinor,
        credits: product.credits,
        customerEmail: user.email,
      },
      {
        successUrl: `${deps.publicUrl}/?od=${order.id}`,
        cancelUrl: `${deps.publicUrl}/subscription`,
      },
    );
    await repo.updateOrder(deps.db, order.id, {
      providerRef: session.providerRef,
      paymentLink: session.url,
      updatedAt: new Date(),
    });
    return { paymentLink: session.url, orderId: order.id };
  } catch (error) {
    deps.log?.error({ err: error, orderId: order.id }, 'payment provider refused the checkout');
    await repo.updateOrder(deps.db, order.id, {
      status: 'failed',
      failureReason: 'The payment could not be started',
      updatedAt: new Date(),
    });
    throw paymentLinkFailed();
  }
}

/** The checkout's line item: an upgrade names the credit it carries. */
function checkoutName(product: Product, order: repo.OrderRow): string {
  const name = productDisplayName(product.serviceType);
  if (order.creditMinor <= 0) return name;
  const credit = formatMinor(order.creditMinor, order.currency);
  return `${name} (upgrade, ${credit} credit for the unused time of your current plan)`;
}

const formatMinor = (minor: number, currency: string) =>
  `${CURRENCY_SYMBOLS[currency] ?? `${currency} `}${(minor / 100).toFixed(2)}`;

const formatDay = (date: Date) =>
  date.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * What the order does to the user's plan, in words, for the checkout page (ADR 023); null for a
 * top-up or a closed order.
 */
export async function planChangeNote(
  deps: Pick<BillingDeps, 'db'>,
  order: repo.OrderRow,
  now = new Date(),
): Promise<string | null> {
  const product = findProduct(order.serviceType);
  if (!product || product.family === 'topup' || !isOpen(order.status as OrderStatus)) return null;
  const quote = await plans.quotePlan(
    deps.db,
    order.userId,
    product,
    order.currency as PaymentCurrency,
    now,
  );
  const name = productDisplayName(product.serviceType);
  switch (quote.kind) {
    case 'new':
      return `${name} starts as soon as the payment is confirmed.`;
    case 'extend':
      return `This adds another period to your ${name} plan.`;
    case 'scheduled':
      return `Your current plan stays until it ends; ${name} starts on ${formatDay(quote.startsAt)}.`;
    case 'upgrade':
      return order.creditMinor > 0
        ? `Upgrade now: ${name} starts at once, and ${formatMinor(order.creditMinor, order.currency)} for the unused time of your current plan is taken off the price.`
        : `Upgrade now: ${name} starts at once.`;
  }
}

async function ownOrder(deps: Pick<BillingDeps, 'db'>, userId: string, orderId: string) {
  const order = isUuid(orderId) ? await repo.findOrder(deps.db, orderId) : undefined;
  // Another user's order is indistinguishable from a missing one.
  if (!order || order.userId !== userId) throw notFound('Order not found');
  return order;
}

async function orderMessage(
  deps: Pick<BillingDeps, 'db'>,
  order: repo.OrderRow,
  now: Date,
): Promise<string> {
  const name = productDisplayName(order.serviceType);
  switch (order.status as OrderStatus) {
    case 'completed': {
      if (order.serviceType.startsWith('topup')) {
        return `Payment successful! ${String(order.credits)} credits were added to your account.`;
      }
      const plan = await repo.findSubscriptionByOrder(deps.db, order.id);
      return plan && plan.startedAt > now
        ? `Payment successful! Your ${name} plan starts on ${formatDay(plan.startedAt)}.`
        : `Payment successful! Your ${name} plan is active.`;
    }
    case 'failed':
      return `Payment failed: ${order.failureReason ?? 'the payment did not go through'}. No credits were added.`;
    case 'cancelled':
      return 'Payment cancelled. No credits were added.';
    case 'expired':
      return 'This checkout expired before it was paid. No credits were added.';
    case 'processing':
      return 'Your payment is being processed. Credits arrive as soon as it is confirmed.';
    case 'refunded':
      return 'This order was refunded.';
    default:
      return 'Waiting for the payment to be confirmed...';
  }
}

export async function orderStatus(
  deps: Pick<BillingDeps, 'db'>,
  userId: string,
  orderId: string,
  now = new Date(),
): Promise<Omit<OrderStatusResponse, 'success'>> {
  const order = await ownOrder(deps, userId, orderId);
  return {
    orderId: order.id,
    status: order.status as OrderStatus,
    message: await orderMessage(deps, order, now),
    credits: order.credits,
    plan_display_name: productDisplayName(order.serviceType),
  };
}

export function listOrders(deps: Pick<BillingDeps, 'db'>, userId: string) {
  return repo.listOrders(deps.db, userId);
}

export function findOrder(deps: Pick<BillingDeps, 'db'>, orderId: string) {
  return repo.findOrder(deps.db, orderId);
}

/** The sandbox checkout page's view of an order (only sandbox orders of the user). */
export async function sandboxOrder(deps: Pick<BillingDeps, 'db'>, userId: string, orderId: string) {
  const order = await ownOrder(deps, userId, orderId);
  if (order.provider !== 'sandbox') throw notFound('Order not found');
  return order;
}

/* ----------------------------------------------------------------------------------------------
 * Fulfilment: one path for Stripe, Razorpay and the sandbox
 * -------------------------------------------------------------------------------------------- */

export type EventResult = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies a verified provider event. Safe to repeat and in any order:
 *  - the event id is recorded in the same transaction (a replay changes nothing),
 *  - the order row is locked and moves only as the order state machine allows (order-states.ts):
 *    `completed` is final but for a refund, and a closed order never becomes paid,
 *  - credits and plan changes are keyed by the order, so they happen once.
 */
export async function handlePaymentEvent(
  deps: Pick<BillingDeps, 'db' | 'log'>,
  event: PaymentEvent,
  at?: Date,
): Promise<EventResult> {
  return deps.db.transaction(async (tx) => {
    let now = at ?? new Date();
    const fresh = await repo.recordEvent(tx, {
      provider: event.provider,
      eventId: event.eventId,
      type: event.type,
      orderId: event.orderId && isUuid(event.orderId) ? event.orderId : null,
      outcome: event.outcome ?? 'ignored',
      receivedAt: now,
    });
    if (!fresh) return 'duplicate';
    if (!event.outcome || !event.orderId || !isUuid(event.orderId)) {
      return 'ignored';
    }
    const found = await repo.findOrder(tx, event.orderId);
    if (!found) {
      deps.log?.warn({ event }, 'payment event for an unknown order');
      return 'ignored';
    }
    await repo.lockUserBilling(tx, found.userId);
    // Read the clock after waiting for the lock: whoever held it may have started a plan at a
    // later instant, and a plan change judged at an earlier one would not see it running.
    if (!at) now = new Date();
    const order = await repo.lockOrder(tx, event.orderId);
    if (!order) return 'ignored';
    if (order.provider !== event.provider) {
      deps.log?.warn({ event, provider: order.provider }, 'payment event from the wrong provider');
      return 'ignored';
    }
    const amountMismatch =
      (event.amountMinor !== undefined && event.amountMinor !== order.amountMinor) ||
      (event.currency !== undefined && event.currency !== order.currency);
    if (event.outcome === 'paid' && amountMismatch) {
      deps.log?.error({ event, order }, 'paid amount differs from the order: not fulfilled');
      return 'ignored';
    }
    return applyOutcome(tx, deps, order, { ...event, outcome: event.outcome }, now);
  });
}

async function applyOutcome(
  tx: Tx,
  deps: Pick<BillingDeps, 'log'>,
  order: repo.OrderRow,
  event: PaymentEvent & { outcome: PaymentOutcome },
  now: Date,
): Promise<EventResult> {
  const from = order.status as OrderStatus;
  const to = statusOf(event.outcome);
  if (canMove(from, to)) {
    await moveOrder(tx, order, to, now, event.reason);
    return 'applied';
  }
  // Money a real provider took for an order we had closed is honoured as a new attempt; the closed
  // order stays as it was. The sandbox moves no money, so there is nothing to honour.
  if (to === 'completed' && closedUnpaid(from) && event.provider !== 'sandbox') {
    const attempt = await repo.insertAttempt(tx, {
      userId: order.userId,
      serviceType: order.serviceType,
      currency: order.currency,
      amountMinor: order.amountMinor,
      credits: order.credits,
      provider: order.provider,
      status: 'pending',
      attemptOf: order.id,
      replacesSubscriptionId: order.replacesSubscriptionId,
      creditedCycles: order.creditedCycles,
      creditMinor: order.creditMinor,
    });
    if (!attempt) return 'ignored';
    deps.log?.warn(
      { event, orderId: order.id, attemptId: attempt.id },
      `payment for a ${from} order: fulfilled as a new attempt`,
    );
    await moveOrder(tx, attempt, 'completed', now);
    return 'applied';
  }
  return 'ignored';
}

/** One move of the state machine, with what it entails (fulfilment for a payment). */
async function moveOrder(
  tx: Tx,
  order: repo.OrderRow,
  to: OrderStatus,
  now: Date,
  reason?: string,
): Promise<void> {
  if (to === 'completed') {
    await repo.updateOrder(tx, order.id, {
      status: to,
      failureReason: null,
      completedAt: now,
      updatedAt: now,
    });
    await fulfil(tx, order, now);
    return;
  }
  const closing = to === 'failed' || to === 'cancelled' || to === 'expired';
  await repo.updateOrder(tx, order.id, {
    status: to,
    ...(closing ? { failureReason: reason ?? CLOSED_REASONS[to] } : {}),
    updatedAt: now,
  });
}

const CLOSED_REASONS: Record<'failed' | 'cancelled' | 'expired', string> = {
  failed: 'The payment failed',
  cancelled: 'The payment was cancelled',
  expired: 'The checkout expired before it was paid',
};

async function fulfil(tx: Tx, order: repo.OrderRow, now: Date): Promise<void> {
  const product = findProduct(order.serviceType);
  if (!product) throw new Error(`order ${order.id} has an unknown product ${order.serviceType}`);
  if (product.family === 'topup') {
    await credits.grant(tx, {
      userId: order.userId,
      amount: order.credits,
      key: `order:${order.id}`,
      kind: 'purchase',
      source: 'topup',
      expiresAt: null,
      reference: { type: 'order', id: order.id },
      reason: productDisplayName(order.serviceType),
      now,
    });
    return;
  }
  const subscription = await plans.applyPlanPurchase(tx, order, product, now);
  await plans.grantDueCycles(tx, subscription, now);
}

/** How long after its start an unpaid checkout is closed as expired. */
const SANDBOX_EXPIRY_MS = CHECKOUT_LIFETIME_SECONDS * 1000;
/**
 * Stripe and Razorpay close their own checkouts after CHECKOUT_LIFETIME_SECONDS and tell us; this
 * grace covers a lost webhook. A payment that still arrives later becomes a new attempt.
 */
const PROVIDER_EXPIRY_MS = SANDBOX_EXPIRY_MS + 60 * 60 * 1000;

/**
 * Closes abandoned checkouts as `expired` (part of the recurring billing job). Only `pending`
 * ones: a `processing` payment (a bank debit) may take days and ends by the provider's word.
 */
export async function expireAbandonedOrders(
  deps: Pick<BillingDeps, 'db'>,
  now = new Date(),
  batch = 500,
): Promise<number> {
  const candidates = await repo.listPendingOrdersBefore(
    deps.db,
    new Date(now.getTime() - SANDBOX_EXPIRY_MS),
    batch,
  );
  let expired = 0;
  for (const candidate of candidates) {
    const limit = candidate.provider === 'sandbox' ? SANDBOX_EXPIRY_MS : PROVIDER_EXPIRY_MS;
    if (now.getTime() - candidate.createdAt.getTime() < limit) continue;
    expired += await deps.db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, candidate.id);
      if (order?.status !== 'pending') return 0;
      await moveOrder(tx, order, 'expired', now);
      return 1;
    });
  }
  return expired;
}

/* ----------------------------------------------------------------------------------------------
 * Subscriptions (subscriptions.service holds the rules)
 * -------------------------------------------------------------------------------------------- */

export const { runCreditCycles, subscriptionStatus } = plans;

/* ----------------------------------------------------------------------------------------------
 * Operator actions (admin CLI)
 * -------------------------------------------------------------------------------------------- */

/**
 * Ends the user's plan now: no further cycles, and the plan credits not yet spent are removed.
 * With `refund`, the order that bought it is marked refunded (the money goes back through the
 * provider's dashboard; this records it). A plan scheduled after it moves up to start now.
 */
export async function cancelSubscription(
  deps: Pick<BillingDeps, 'db'>,
  userId: string,
  options: { refund: boolean; reason: string },
  now = new Date(),
): Promise<repo.SubscriptionRow> {
  return deps.db.transaction(async (tx) => {
    await repo.lockUserBilling(tx, userId);
    const ended = await plans.endRunningPlan(
      tx,
      userId,
      options.refund ? 'refunded' : 'canceled',
      now,
    );
    if (!ended) throw notFound('This user has no plan to cancel.');
    await credits.revokeLots(tx, {
      userId,
      referenceType: 'subscription',
      referenceId: ended.id,
      reason: options.reason,
      now,
    });
    if (options.refund && ended.lastOrderId) {
      const order = await repo.lockOrder(tx, ended.lastOrderId);
      if (order && canMove(order.status as OrderStatus, 'refunded')) {
        await moveOrder(tx, order, 'refunded', now);
      }
    }
    return ended;
  });
}

/** Runs a sandbox checkout button through the same path as a provider webhook. */
export async function completeSandboxPayment(
  deps: Pick<BillingDeps, 'db' | 'log'>,
  userId: string,
  orderId: string,
  outcome: SandboxOutcome,
): Promise<{ status: OrderStatus; redirect: string }> {
  const order = await sandboxOrder(deps, userId, orderId);
  const status = order.status as OrderStatus;
  // A repeated press of the button that closed the order is a replay (same event), not an error.
  if (!isOpen(status) && status !== statusOf(outcome)) {
    throw new AppError(409, 'conflict', `This order is already ${status}.`);
  }
  await handlePaymentEvent(deps, sandboxEvent(order.id, outcome));
  const after = await repo.findOrder(deps.db, order.id);
  return { status: (after?.status ?? order.status) as OrderStatus, redirect: `/?od=${order.id}` };
}
