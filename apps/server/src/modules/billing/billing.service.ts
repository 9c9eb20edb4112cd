import { z } from 'zod';
import {
  CURRENCY_SYMBOLS,
  findProduct,
  formatPrice,
  MONTHLY_PLAN_CREDITS,
  productDisplayName,
  type OrderStatus,
  type OrderStatusResponse,
  type PaymentCurrency,
  type PlanChangePreviewResponse,
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
import type { Tx } from '../../db/db-or-tx';
import * as repo from './billing.repository';
import { canMove, closedUnpaid, isOpen, statusOf } from './order-states';
import * as receipts from './receipts.service';
import type { BillingMetrics } from '../../platform/metrics/metrics';
import * as plans from './subscriptions.service';

export type { OrderRow, SubscriptionRow } from './billing.repository';

export interface BillingDeps {
  db: Db;
  publicUrl: string;
  /** The provider that takes payments in each currency (a real one, or the sandbox); none: 503. */
  providers: Partial<Record<PaymentCurrency, PaymentProvider>>;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** Seller, tax rates and the mailer for receipts (ADR 051); unset: untaxed, not mailed. */
  receipts?: receipts.ReceiptDeps;
  /** Order moves and credits granted, counted once committed (ADR 062). */
  metrics?: BillingMetrics | undefined;
}

/** What applying a payment needs: the database, a log, and receipts with the link they mail. */
type PaymentEventDeps = Pick<BillingDeps, 'db' | 'log' | 'receipts' | 'metrics'> & {
  publicUrl?: string;
};

/** What one fulfilment issued, to be mailed once its transaction has committed. */
interface Fulfilment {
  settings: receipts.ReceiptDeps['settings'];
  issued: receipts.ReceiptRow[];
  /** The order moves made, with the credits a payment granted, for the metrics after commit. */
  moved?: { provider: string; state: string; granted?: { source: string; credits: number } }[];
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

/* ----------------------------------------------------------------------------------------------
 * Plan-change preview (ADR 050): said before the checkout opens
 * -------------------------------------------------------------------------------------------- */

export type PlanChangePreview = Omit<PlanChangePreviewResponse, 'success'>;

const formatAmount = (minor: number, currency: string) =>
  minor % 100 === 0 ? formatPrice(minor / 100, currency) : formatMinor(minor, currency);

const creditsText = (n: number) => (n === 1 ? '1 credit' : `${String(n)} credits`);

/**
 * What buying plan `serviceType` in `currency` does now to the user's plans, its credits and the
 * period, and what it costs: the same `quotePlan` (and through it `planChangeEffect`) that
 * `createPaymentLink` prices the order with and the fulfilment applies.
 */
export async function previewPlanChange(
  deps: Pick<BillingDeps, 'db'>,
  userId: string,
  input: { serviceType: string; currency: PaymentCurrency },
  now = new Date(),
): Promise<PlanChangePreview> {
  const product = resolveProduct(input);
  if (product.family === 'topup') {
    throw new AppError(400, 'bad_request', 'A credit top-up does not change your plan.');
  }
  const { currency } = input;
  const quote = await plans.quotePlan(deps.db, userId, product, currency, now);
  const priceMinor = Math.round(product.price[currency] * 100);
  const amountMinor = priceMinor - quote.creditMinor;
  const name = productDisplayName(product.serviceType);
  const monthly = MONTHLY_PLAN_CREDITS[product.family];
  const running = quote.running;
  const left = running
    ? await credits.remainingOfReference(deps.db, {
        userId,
        referenceType: 'subscription',
        referenceId: running.id,
        now,
      })
    : { credits: 0, until: null };
  const currentName = running ? productDisplayName(running.type) : '';
  const summary: string[] = [];
  const keepsCredits =
    left.credits > 0
      ? `The ${creditsText(left.credits)} your ${currentName} plan gave you and you have not used stay yours${left.until ? ` until ${formatDay(left.until)}` : ''}.`
      : null;
  switch (quote.kind) {
    case 'new':
      summary.push(
        `${name} starts as soon as the payment is confirmed and runs until ${formatDay(quote.endsAt)}.`,
      );
      break;
    case 'extend':
      summary.push(
        `This adds another period to your ${name} plan: it then ends on ${formatDay(quote.endsAt)} instead of ${formatDay(running?.endsAt ?? quote.endsAt)}.`,
        `Your credits stay, and ${creditsText(product.credits)} more arrive over the added period.`,
      );
      break;
    case 'scheduled':
      summary.push(
        `Your ${currentName} plan stays as it is until it ends; ${name} starts on ${formatDay(quote.startsAt)} and runs until ${formatDay(quote.endsAt)}.`,
        'Your current credits are not touched.',
      );
      break;
    case 'upgrade': {
      summary.push(
        `Your ${currentName} plan ends today and ${name} starts at once, running until ${formatDay(quote.endsAt)}.`,
      );
      if (keepsCredits) summary.push(keepsCredits);
      const unused = quote.unusedCycles;
      if (quote.creditedCycles > 0) {
        summary.push(
          `${String(quote.creditedCycles)} monthly ${quote.creditedCycles === 1 ? 'grant' : 'grants'} of ${currentName} not yet due (${creditsText(quote.creditedCycles * (running?.monthlyCredits ?? 0))}) will not be given; their value, ${formatAmount(quote.creditMinor, currency)}, is taken off the price.`,
        );
      } else if (unused === 0) {
        summary.push(
          `Nothing is taken off the price: your ${currentName} plan has already given you all its credits for this period.`,
        );
      }
      if (unused > quote.creditedCycles) {
        const rest = unused - quote.creditedCycles;
        summary.push(
          `The other ${String(rest)} monthly ${rest === 1 ? 'grant' : 'grants'} of ${currentName} still arrive on their dates.`,
        );
      }
      break;
    }
  }
  summary.push(
    `${name} gives ${creditsText(monthly)} every 30 days (${creditsText(product.credits)} in all); each month's credits expire at the end of that month.`,
    'Plans are prepaid and do not renew on their own: nothing more is charged when it ends.',
  );
  const outcome = { upgrade: 'replaced', extend: 'extended', scheduled: 'continues' } as const;
  return {
    kind: quote.kind,
    plan_display_name: name,
    currency,
    price: priceMinor / 100,
    credit: quote.creditMinor / 100,
    amount: amountMinor / 100,
    starts_at: quote.startsAt.toISOString(),
    ends_at: quote.endsAt.toISOString(),
    current:
      running && quote.kind !== 'new'
        ? {
            plan_display_name: currentName,
            outcome: outcome[quote.kind],
            ends_at: (quote.kind === 'upgrade'
              ? now
              : quote.kind === 'extend'
                ? quote.endsAt
                : running.endsAt
            ).toISOString(),
            credits_left: left.credits,
            credits_left_until: left.until?.toISOString() ?? null,
            cycles_credited: quote.creditedCycles,
          }
        : null,
    summary,
  };
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

/**
 * The receipt of one of the user's paid orders, as a PDF (ADR 051). Another user's order, an
 * unpaid one or an unknown id are the same 404. An order paid before receipts existed gets its
 * receipt now.
 */
export async function orderReceipt(
  deps: Pick<BillingDeps, 'db' | 'receipts'>,
  userId: string,
  orderId: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await ownOrder(deps, userId, orderId);
  const receipt = await receipts.receiptForOrder(
    deps.db,
    order,
    deps.receipts?.settings ?? receipts.UNCONFIGURED_RECEIPTS,
  );
  if (!receipt) throw notFound('This order has no receipt: it was not paid.');
  return { fileName: receipts.receiptFileName(receipt), pdf: await receipts.receiptPdf(receipt) };
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
  deps: PaymentEventDeps,
  event: PaymentEvent,
  at?: Date,
): Promise<EventResult> {
  const fulfilment: Fulfilment = {
    settings: deps.receipts?.settings ?? receipts.UNCONFIGURED_RECEIPTS,
    issued: [],
    moved: [],
  };
  const result = await deps.db.transaction(async (tx) => {
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
    return applyOutcome(tx, deps, order, { ...event, outcome: event.outcome }, now, fulfilment);
  });
  for (const move of fulfilment.moved ?? []) {
    deps.metrics?.orderMoved(move.provider, move.state);
    if (move.granted) deps.metrics?.creditsGranted(move.granted.source, move.granted.credits);
  }
  await mailIssuedReceipts(deps, fulfilment.issued);
  return result;
}

/** Sends each new receipt after its payment committed; a failure is logged, never undoes it. */
async function mailIssuedReceipts(
  deps: PaymentEventDeps,
  issued: receipts.ReceiptRow[],
): Promise<void> {
  const mailer = deps.receipts?.mailer;
  if (!mailer) return;
  for (const receipt of issued) {
    try {
      await receipts.mailReceipt(deps.db, mailer, receipt, deps.publicUrl ?? '');
    } catch (error) {
      deps.log?.error({ err: error, receipt: receipt.number }, 'receipt email failed');
    }
  }
}

async function applyOutcome(
  tx: Tx,
  deps: Pick<BillingDeps, 'log'>,
  order: repo.OrderRow,
  event: PaymentEvent & { outcome: PaymentOutcome },
  now: Date,
  fulfilment: Fulfilment,
): Promise<EventResult> {
  const from = order.status as OrderStatus;
  const to = statusOf(event.outcome);
  if (canMove(from, to)) {
    await moveOrder(tx, order, to, now, event.reason, fulfilment);
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
    await moveOrder(tx, attempt, 'completed', now, undefined, fulfilment);
    return 'applied';
  }
  return 'ignored';
}

/**
 * One move of the state machine, with what it entails: for a payment, the fulfilment and the
 * receipt, numbered last in the same transaction (ADR 051).
 */
async function moveOrder(
  tx: Tx,
  order: repo.OrderRow,
  to: OrderStatus,
  now: Date,
  reason?: string,
  fulfilment?: Fulfilment,
): Promise<void> {
  if (to === 'completed') {
    await repo.updateOrder(tx, order.id, {
      status: to,
      failureReason: null,
      completedAt: now,
      updatedAt: now,
    });
    const granted = await fulfil(tx, order, now);
    fulfilment?.moved?.push({ provider: order.provider, state: to, granted });
    const receipt = await receipts.issueReceipt(
      tx,
      { ...order, completedAt: now },
      now,
      fulfilment?.settings ?? receipts.UNCONFIGURED_RECEIPTS,
    );
    if (receipt) fulfilment?.issued.push(receipt);
    return;
  }
  const closing = to === 'failed' || to === 'cancelled' || to === 'expired';
  await repo.updateOrder(tx, order.id, {
    status: to,
    ...(closing ? { failureReason: reason ?? CLOSED_REASONS[to] } : {}),
    updatedAt: now,
  });
  fulfilment?.moved?.push({ provider: order.provider, state: to });
}

const CLOSED_REASONS: Record<'failed' | 'cancelled' | 'expired', string> = {
  failed: 'The payment failed',
  cancelled: 'The payment was cancelled',
  expired: 'The checkout expired before it was paid',
};

/** Grants what a paid order bought; returns the credits granted now and where they came from. */
async function fulfil(
  tx: Tx,
  order: repo.OrderRow,
  now: Date,
): Promise<{ source: string; credits: number }> {
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
    return { source: 'topup', credits: order.credits };
  }
  const subscription = await plans.applyPlanPurchase(tx, order, product, now);
  const cycles = await plans.grantDueCycles(tx, subscription, now);
  return { source: 'plan', credits: cycles * subscription.monthlyCredits };
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
  deps: PaymentEventDeps,
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
