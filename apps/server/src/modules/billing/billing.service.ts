import {
  CREDIT_CYCLE_DAYS,
  findProduct,
  MONTHLY_PLAN_CREDITS,
  planCodeOf,
  productDisplayName,
  type OrderStatus,
  type OrderStatusResponse,
  type PaymentCurrency,
  type Product,
  type SandboxOutcome,
  type SubscriptionStatusResponse,
} from '@studio/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { sandboxEvent } from '../../platform/payments/sandbox';
import type { PaymentEvent, PaymentProvider } from '../../platform/payments/types';
import * as credits from '../credits/credits.service';
import type { Tx } from '../credits/credits.service';
import * as repo from './billing.repository';

export type { OrderRow, SubscriptionRow } from './billing.repository';

export interface BillingDeps {
  db: Db;
  publicUrl: string;
  /** The provider that takes payments in each currency (a real one, or the sandbox); none: 503. */
  providers: Partial<Record<PaymentCurrency, PaymentProvider>>;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Order ids are UUIDs; anything else (another integration's notes) is not ours. */
const isUuid = (value: string) => UUID.test(value);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

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
  const order = await repo.insertOrder(deps.db, {
    userId: user.id,
    serviceType: product.serviceType,
    currency: input.currency,
    amountMinor: Math.round(product.price[input.currency] * 100),
    credits: product.credits,
    provider: provider.name,
  });
  try {
    const session = await provider.createCheckout(
      {
        id: order.id,
        displayName: productDisplayName(product.serviceType),
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

async function ownOrder(deps: Pick<BillingDeps, 'db'>, userId: string, orderId: string) {
  const order = isUuid(orderId) ? await repo.findOrder(deps.db, orderId) : undefined;
  // Another user's order is indistinguishable from a missing one.
  if (!order || order.userId !== userId) throw notFound('Order not found');
  return order;
}

function orderMessage(order: repo.OrderRow): string {
  const name = productDisplayName(order.serviceType);
  switch (order.status as OrderStatus) {
    case 'completed':
      return order.serviceType.startsWith('topup')
        ? `Payment successful! ${String(order.credits)} credits were added to your account.`
        : `Payment successful! Your ${name} plan is active.`;
    case 'failed':
      return `Payment failed: ${order.failureReason ?? 'the payment did not go through'}. No credits were added.`;
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
): Promise<Omit<OrderStatusResponse, 'success'>> {
  const order = await ownOrder(deps, userId, orderId);
  return {
    orderId: order.id,
    status: order.status as OrderStatus,
    message: orderMessage(order),
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
 *  - the order row is locked, and `completed` is final: a late failure cannot undo a payment,
 *    a late `processing` cannot move a finished order back,
 *  - credits and plan changes are keyed by the order, so they happen once.
 */
export async function handlePaymentEvent(
  deps: Pick<BillingDeps, 'db' | 'log'>,
  event: PaymentEvent,
  now = new Date(),
): Promise<EventResult> {
  return deps.db.transaction(async (tx) => {
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
    return applyOutcome(tx, order, event, now);
  });
}

async function applyOutcome(
  tx: Tx,
  order: repo.OrderRow,
  event: PaymentEvent,
  now: Date,
): Promise<EventResult> {
  const status = order.status as OrderStatus;
  if (status === 'completed' || status === 'refunded') return 'ignored';
  if (event.outcome === 'paid') {
    await repo.updateOrder(tx, order.id, {
      status: 'completed',
      failureReason: null,
      completedAt: now,
      updatedAt: now,
    });
    await fulfil(tx, order, now);
    return 'applied';
  }
  if (event.outcome === 'failed') {
    if (status === 'failed') return 'ignored';
    await repo.updateOrder(tx, order.id, {
      status: 'failed',
      failureReason: event.reason ?? 'The payment failed',
      updatedAt: now,
    });
    return 'applied';
  }
  if (status !== 'pending') return 'ignored';
  await repo.updateOrder(tx, order.id, { status: 'processing', updatedAt: now });
  return 'applied';
}

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
  const subscription = await applyPlanPurchase(tx, order, product, now);
  await grantDueCycles(tx, subscription, now);
}

/* ----------------------------------------------------------------------------------------------
 * Subscriptions: prepaid periods, credits each 30-day cycle
 * -------------------------------------------------------------------------------------------- */

/**
 * The same plan while it runs extends it (end date and cycles); anything else replaces it now and
 * keeps it as the previous plan. The replaced plan was paid for: its remaining cycles are still
 * granted on their dates (the cycle job covers `replaced` plans), only its features give way.
 */
async function applyPlanPurchase(
  tx: Tx,
  order: repo.OrderRow,
  product: Product,
  now: Date,
): Promise<repo.SubscriptionRow> {
  const family = product.family as 'plus' | 'pro';
  const monthly = MONTHLY_PLAN_CREDITS[family];
  // What the order paid for, not today's catalogue (a price change must not alter a paid plan).
  const cycles = Math.round(order.credits / monthly);
  const days = product.days ?? 0;
  const current = await repo.findActiveSubscription(tx, order.userId);
  const previous = current ?? (await repo.findLatestSubscription(tx, order.userId));
  if (current && current.type === product.serviceType && current.endsAt > now) {
    return repo.updateSubscription(tx, current.id, {
      endsAt: addDays(current.endsAt, days),
      cyclesTotal: current.cyclesTotal + cycles,
      lastOrderId: order.id,
      transactionAt: now,
    });
  }
  if (current) await repo.updateSubscription(tx, current.id, { status: 'replaced' });
  return repo.insertSubscription(tx, {
    userId: order.userId,
    type: product.serviceType,
    code: planCodeOf(product.serviceType),
    startedAt: now,
    endsAt: addDays(now, days),
    monthlyCredits: monthly,
    cyclesTotal: cycles,
    previousType: previous?.type ?? null,
    previousCode: previous?.code ?? null,
    lastOrderId: order.id,
    transactionAt: now,
  });
}

/** Grants every cycle of a plan whose start has come; each cycle once, expiring at its end. */
/** Returns how many cycles this call granted. */
async function grantDueCycles(
  tx: Tx,
  subscription: repo.SubscriptionRow,
  now: Date,
): Promise<number> {
  let granted = subscription.cyclesGranted;
  while (granted < subscription.cyclesTotal) {
    const start = addDays(subscription.startedAt, granted * CREDIT_CYCLE_DAYS);
    if (start > now || start >= subscription.endsAt) break;
    const cycleEnd = addDays(start, CREDIT_CYCLE_DAYS);
    const isLast = granted === subscription.cyclesTotal - 1;
    await credits.grant(tx, {
      userId: subscription.userId,
      amount: subscription.monthlyCredits,
      key: `cycle:${subscription.id}:${String(granted)}`,
      kind: 'grant',
      source: 'plan',
      // The last cycle lasts to the plan's end (a year is 365 days, twelve cycles are 360).
      expiresAt: isLast || cycleEnd > subscription.endsAt ? subscription.endsAt : cycleEnd,
      reference: { type: 'subscription', id: subscription.id },
      reason: `${productDisplayName(subscription.type)} credits, cycle ${String(granted + 1)}`,
      now: start,
    });
    granted += 1;
  }
  if (granted !== subscription.cyclesGranted) {
    await repo.updateSubscription(tx, subscription.id, { cyclesGranted: granted });
  }
  return granted - subscription.cyclesGranted;
}

/** Plans whose cycles are still granted: the current one and those replaced by another purchase. */
const GRANTING_STATUSES: readonly string[] = ['active', 'replaced'];

/**
 * The recurring job: grants the plan cycles that have started and expires lapsed credits.
 * Safe to run concurrently on several workers (the user lock and the cycle keys make it once).
 */
export async function runCreditCycles(
  deps: Pick<BillingDeps, 'db'>,
  now = new Date(),
): Promise<{ cyclesGranted: number; usersExpired: number }> {
  let cyclesGranted = 0;
  for (const due of await repo.subscriptionsWithDueCycles(deps.db, now, CREDIT_CYCLE_DAYS)) {
    cyclesGranted += await deps.db.transaction(async (tx) => {
      await repo.lockUserBilling(tx, due.userId);
      // Re-read under the lock: an operator may have ended it, another worker granted it.
      const current = await repo.findSubscription(tx, due.id);
      if (!current || !GRANTING_STATUSES.includes(current.status)) return 0;
      return grantDueCycles(tx, current, now);
    });
  }
  const { users } = await credits.expireDue(deps.db, now);
  return { cyclesGranted, usersExpired: users };
}

/** Spec §3 subscription status. A plan that ended reads as free, with itself as the previous plan. */
export async function subscriptionStatus(
  deps: Pick<BillingDeps, 'db'>,
  userId: string,
  now = new Date(),
): Promise<Omit<SubscriptionStatusResponse, 'success'>> {
  const current =
    (await repo.findActiveSubscription(deps.db, userId)) ??
    (await repo.findLatestSubscription(deps.db, userId));
  if (!current) {
    return {
      type: 'free',
      subscriptionCode: planCodeOf('free'),
      subscriptionId: null,
      endingTimestamp: null,
      transactionTimestamp: null,
      previous_type: null,
      previous_subscriptionCode: null,
    };
  }
  // Cancelled and refunded plans end at once; any ended plan reads as free, with it as previous.
  const expired = current.status !== 'active' || current.endsAt <= now;
  return {
    type: expired ? 'free' : current.type,
    subscriptionCode: expired ? planCodeOf('free') : current.code,
    subscriptionId: current.id,
    endingTimestamp: current.endsAt.toISOString(),
    transactionTimestamp: current.transactionAt.toISOString(),
    previous_type: expired ? current.type : current.previousType,
    previous_subscriptionCode: expired ? current.code : current.previousCode,
  };
}

/* ----------------------------------------------------------------------------------------------
 * Operator actions (admin CLI)
 * -------------------------------------------------------------------------------------------- */

/**
 * Ends the user's plan now: no further cycles, and the plan credits not yet spent are removed.
 * With `refund`, the order that bought it is marked refunded (the money goes back through the
 * provider's dashboard; this records it).
 */
export async function cancelSubscription(
  deps: Pick<BillingDeps, 'db'>,
  userId: string,
  options: { refund: boolean; reason: string },
  now = new Date(),
): Promise<repo.SubscriptionRow> {
  return deps.db.transaction(async (tx) => {
    await repo.lockUserBilling(tx, userId);
    const current = await repo.findActiveSubscription(tx, userId);
    if (!current) throw notFound('This user has no plan to cancel.');
    const ended = await repo.updateSubscription(tx, current.id, {
      status: options.refund ? 'refunded' : 'canceled',
      endsAt: now < current.endsAt ? now : current.endsAt,
    });
    await credits.revokeLots(tx, {
      userId,
      referenceType: 'subscription',
      referenceId: current.id,
      reason: options.reason,
      now,
    });
    if (options.refund && current.lastOrderId) {
      await repo.updateOrder(tx, current.lastOrderId, { status: 'refunded', updatedAt: now });
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
  await handlePaymentEvent(deps, sandboxEvent(order.id, outcome));
  const after = await repo.findOrder(deps.db, order.id);
  return { status: (after?.status ?? order.status) as OrderStatus, redirect: `/?od=${order.id}` };
}
