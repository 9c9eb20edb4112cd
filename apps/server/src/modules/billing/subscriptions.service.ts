import {
  CREDIT_CYCLE_DAYS,
  findProduct,
  MONTHLY_PLAN_CREDITS,
  planChangeKind,
  planCodeOf,
  productDisplayName,
  type PaymentCurrency,
  type PlanChangeKind,
  type Product,
  type SubscriptionStatusResponse,
  upgradeCredit,
} from '@studio/contract';
import type { Db } from '../../db/client';
import * as credits from '../credits/credits.service';
import type { DbOrTx, Tx } from '../../db/db-or-tx';
import * as repo from './billing.repository';

/*
 * Prepaid plans and what buying one does to the plan that runs (ADR 023): the same plan extends it,
 * an upgrade starts now with the running plan's ungranted cycles credited against its price, a
 * downgrade or a shorter period waits as `scheduled` until the running plan (and any plan already
 * waiting) ends. Every read is by time, so a scheduled plan counts from its start even before the
 * cycle job has flipped its status.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

type Plan = repo.SubscriptionRow;

/** The plan whose period covers `now`: the active one, or a scheduled one whose start has come. */
export function runningPlan(plans: readonly Plan[], now: Date): Plan | undefined {
  return plans.find(
    (plan) =>
      (plan.status === 'active' || plan.status === 'scheduled') &&
      plan.startedAt <= now &&
      plan.endsAt > now,
  );
}

/** Plans bought to follow the running one, in the order they start. */
export function upcomingPlans(plans: readonly Plan[], now: Date): Plan[] {
  return plans
    .filter((plan) => plan.status === 'scheduled' && plan.startedAt > now)
    .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
}

const CYCLE_MS = CREDIT_CYCLE_DAYS * DAY_MS;

/** Cycles whose start has come by `now` (granted, or about to be by the job): never credited. */
function cyclesDue(plan: Plan, now: Date): number {
  if (plan.startedAt > now) return 0;
  const started = Math.floor((now.getTime() - plan.startedAt.getTime()) / CYCLE_MS) + 1;
  const withinPlan = Math.ceil((plan.endsAt.getTime() - plan.startedAt.getTime()) / CYCLE_MS);
  return Math.min(plan.cyclesTotal, started, withinPlan);
}

/** The catalogue price of one of the plan's cycles in `currency`, minor units (exact in ours). */
function perCycleMinor(plan: Plan, currency: PaymentCurrency): number {
  const product = findProduct(plan.type);
  if (!product) return 0;
  const cyclesPerPurchase = product.credits / plan.monthlyCredits;
  return Math.floor((product.price[currency] * 100) / cyclesPerPurchase);
}

/**
 * The plan's cycles not yet due at `now` and their catalogue value in `currency`: what an upgrade
 * may credit. A cycle whose day has come is the user's already, granted or not.
 */
export function unusedValue(
  plan: Plan,
  currency: PaymentCurrency,
  now: Date,
): { cycles: number; perCycleMinor: number; minor: number } {
  const cycles = Math.max(0, plan.cyclesTotal - Math.max(plan.cyclesGranted, cyclesDue(plan, now)));
  const perCycle = perCycleMinor(plan, currency);
  return { cycles, perCycleMinor: perCycle, minor: cycles * perCycle };
}

/**
 * What buying plan `serviceType` for `days` does at `now` to the user's plans (ADR 023, ADR 048):
 * the one decision both the plan-change preview and the fulfilment apply, so what the user is
 * told before paying is what the payment then does.
 * - `new`: starts now; `upgrade`: starts now and replaces the running plan;
 * - `extend`: the running plan's end moves by `days`;
 * - `scheduled`: starts when the running plan and any plan already waiting end; buying the plan
 *   that waits last again extends that one (`target` is the plan whose end moves).
 */
export interface PlanChangeEffect {
  kind: PlanChangeKind;
  running: Plan | undefined;
  /** The plan an `extend` (or a repeated `scheduled`) lengthens; undefined for a new row. */
  target: Plan | undefined;
  /** For a new row: the plan it follows (its `previous_type`). */
  follows: Plan | undefined;
  startsAt: Date;
  endsAt: Date;
}

export function planChangeEffect(
  plans: readonly Plan[],
  serviceType: string,
  days: number,
  now: Date,
): PlanChangeEffect {
  const running = runningPlan(plans, now);
  const queue = upcomingPlans(plans, now);
  const kind = planChangeKind(running?.type ?? null, serviceType);
  const lengthen = (plan: Plan): PlanChangeEffect => ({
    kind,
    running,
    target: plan,
    follows: undefined,
    startsAt: plan.startedAt,
    endsAt: addDays(plan.endsAt, days),
  });
  const fresh = (startsAt: Date, follows: Plan | undefined): PlanChangeEffect => ({
    kind: running ? kind : 'new',
    running,
    target: undefined,
    follows,
    startsAt,
    endsAt: addDays(startsAt, days),
  });
  if (!running || kind === 'new') {
    return fresh(now, plans.filter((plan) => !queue.includes(plan)).at(0));
  }
  if (kind === 'extend') return lengthen(running);
  if (kind === 'scheduled') {
    const last = queue.at(-1);
    if (last?.type === serviceType) return lengthen(last);
    return fresh((last ?? running).endsAt, last ?? running);
  }
  return fresh(now, running);
}

export interface PlanQuote {
  kind: PlanChangeKind;
  /** When the plan bought would start, and end (or, for an extension, the plan's new end). */
  startsAt: Date;
  endsAt: Date;
  /** The plan running now, if any (an upgrade replaces it). */
  running: Plan | null;
  /** The running plan an upgrade replaces, with the cycles and value credited for it. */
  replaces: Plan | null;
  creditedCycles: number;
  creditMinor: number;
  /** For an upgrade: the replaced plan's cycles not yet due (credited or, if promised, not). */
  unusedCycles: number;
}

/** What buying `product` in `currency` would do now: said before and on the checkout. */
export async function quotePlan(
  db: DbOrTx,
  userId: string,
  product: Product,
  currency: PaymentCurrency,
  now = new Date(),
): Promise<PlanQuote> {
  const plans = await repo.listSubscriptions(db, userId);
  const effect = planChangeEffect(plans, product.serviceType, product.days ?? 0, now);
  const base = {
    kind: effect.kind,
    startsAt: effect.startsAt,
    endsAt: effect.endsAt,
    running: effect.running ?? null,
  };
  const none = { replaces: null, creditedCycles: 0, creditMinor: 0, unusedCycles: 0 };
  if (effect.kind !== 'upgrade' || !effect.running) return { ...base, ...none };
  const running = effect.running;
  const unused = unusedValue(running, currency, now);
  // Another checkout still open for an upgrade of this plan has these cycles priced in already.
  const promised = await repo.cyclesCreditedByOpenOrders(db, running.id);
  const credit = upgradeCredit(
    { cycles: Math.max(0, unused.cycles - promised), perCycleMinor: unused.perCycleMinor },
    Math.round(product.price[currency] * 100),
  );
  return {
    ...base,
    replaces: running,
    creditedCycles: credit.cycles,
    creditMinor: credit.minor,
    unusedCycles: unused.cycles,
  };
}

/** Moves scheduled plans so each starts when the one before it ends (after a plan's end moved). */
async function rechain(tx: Tx, queue: readonly Plan[], from: Date): Promise<void> {
  let cursor = from;
  for (const plan of queue) {
    const length = plan.endsAt.getTime() - plan.startedAt.getTime();
    const endsAt = new Date(cursor.getTime() + length);
    if (plan.startedAt.getTime() !== cursor.getTime()) {
      await repo.updateSubscription(tx, plan.id, { startedAt: cursor, endsAt });
    }
    cursor = endsAt;
  }
}

/**
 * Brings the user's plan rows up to `now`: an active plan that ended becomes `expired`, a scheduled
 * plan whose start has come becomes `active` (or `expired` if its whole period has passed). Each
 * plan's due cycles are granted before it is closed, so none is lost to a late job.
 */
export async function settlePlans(tx: Tx, userId: string, now: Date): Promise<Plan[]> {
  const plans = await repo.listSubscriptions(tx, userId);
  let changed = false;
  for (const plan of plans) {
    if (plan.status === 'active' && plan.endsAt <= now) {
      await grantDueCycles(tx, plan, now);
      await repo.updateSubscription(tx, plan.id, { status: 'expired' });
      changed = true;
    }
  }
  const started = plans
    .filter((plan) => plan.status === 'scheduled' && plan.startedAt <= now)
    .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  for (const plan of started) {
    const ended = plan.endsAt <= now;
    const updated = await repo.updateSubscription(tx, plan.id, {
      status: ended ? 'expired' : 'active',
    });
    await grantDueCycles(tx, updated, now);
    changed = true;
  }
  // The user's plans as they now stand (read again only when something moved).
  return changed ? repo.listSubscriptions(tx, userId) : plans;
}

/**
 * Applies a paid plan order under the user's billing lock (ADR 023). `order.replacesSubscriptionId`
 * and `creditedCycles` say what the checkout credited. They are honoured as far as that plan still
 * runs with those cycles unused; the running plan then stops granting them. Whatever part of the
 * credit is no longer backed shortens the plan bought in proportion, so neither side pays twice.
 */
export async function applyPlanPurchase(
  tx: Tx,
  order: repo.OrderRow,
  product: Product,
  now: Date,
): Promise<Plan> {
  const plans = await settlePlans(tx, order.userId, now);
  const running = runningPlan(plans, now);
  const queue = upcomingPlans(plans, now);
  const monthly = MONTHLY_PLAN_CREDITS[product.family as 'plus' | 'pro'];
  const kind = planChangeKind(running?.type ?? null, product.serviceType);
  // The checkout's credit stands only as far as the plan it credited still has those cycles
  // unused now (another upgrade, or a cycle that came due, may have taken them since).
  const backedCycles =
    kind === 'upgrade' && running && order.replacesSubscriptionId === running.id
      ? Math.min(
          order.creditedCycles,
          unusedValue(running, order.currency as PaymentCurrency, now).cycles,
        )
      : 0;
  const creditPerCycle = order.creditedCycles > 0 ? order.creditMinor / order.creditedCycles : 0;
  const unbackedMinor = order.creditMinor - backedCycles * creditPerCycle;
  // A credit that is not backed was a discount nobody paid for: the plan is what the money bought.
  const paidShare = unbackedMinor > 0 ? order.amountMinor / (order.amountMinor + unbackedMinor) : 1;
  // What the order paid for, not today's catalogue (a price change must not alter a paid plan).
  const cycles = Math.floor(Math.round(order.credits / monthly) * paidShare + 1e-9);
  const days = (product.days ?? 0) * paidShare;
  // The same decision the plan-change preview shows (ADR 048), for the period the money bought.
  const effect = planChangeEffect(plans, product.serviceType, days, now);
  const insert = (status: 'active' | 'scheduled') =>
    repo.insertSubscription(tx, {
      userId: order.userId,
      type: product.serviceType,
      code: planCodeOf(product.serviceType),
      status,
      startedAt: effect.startsAt,
      endsAt: effect.endsAt,
      monthlyCredits: monthly,
      cyclesTotal: cycles,
      previousType: effect.follows?.type ?? null,
      previousCode: effect.follows?.code ?? null,
      lastOrderId: order.id,
      transactionAt: now,
    });

  if (effect.target) {
    const plan = await repo.updateSubscription(tx, effect.target.id, {
      endsAt: effect.endsAt,
      cyclesTotal: effect.target.cyclesTotal + cycles,
      lastOrderId: order.id,
      transactionAt: now,
    });
    // Extending the running plan moves the plans waiting after it; extending the last one does not.
    if (effect.kind === 'extend') await rechain(tx, queue, plan.endsAt);
    return plan;
  }
  if (effect.kind === 'scheduled') return insert('scheduled');
  if (effect.kind === 'upgrade' && running) {
    await repo.updateSubscription(tx, running.id, {
      status: 'replaced',
      // The credited cycles were paid back as the upgrade's discount: they are no longer granted.
      cyclesTotal: Math.max(running.cyclesGranted, running.cyclesTotal - backedCycles),
    });
  }
  const plan = await insert('active');
  await rechain(tx, queue, plan.endsAt);
  return plan;
}

/** Grants every cycle of a plan whose start has come; each cycle once, expiring at its end. */
/** Returns how many cycles this call granted. */
export async function grantDueCycles(tx: Tx, subscription: Plan, now: Date): Promise<number> {
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
 * The recurring job: starts scheduled plans whose day has come, grants the plan cycles that have
 * started and expires lapsed credits. Safe to run concurrently on several workers (the user lock
 * and the cycle keys make it once).
 */
export async function runCreditCycles(
  deps: { db: Db },
  now = new Date(),
): Promise<{ cyclesGranted: number; usersExpired: number }> {
  let cyclesGranted = 0;
  for (const due of await repo.subscriptionsWithDueCycles(deps.db, now, CREDIT_CYCLE_DAYS)) {
    cyclesGranted += await deps.db.transaction(async (tx) => {
      await repo.lockUserBilling(tx, due.userId);
      const before = await repo.findSubscription(tx, due.id);
      if (!before) return 0;
      // Starts a scheduled plan (granting what the plan before it still had due), ends a lapsed one.
      await settlePlans(tx, due.userId, now);
      // Re-read under the lock: settling, an operator or another worker may have changed it.
      const current = await repo.findSubscription(tx, due.id);
      if (current && GRANTING_STATUSES.includes(current.status)) {
        await grantDueCycles(tx, current, now);
      }
      const after = await repo.findSubscription(tx, due.id);
      return (after?.cyclesGranted ?? before.cyclesGranted) - before.cyclesGranted;
    });
  }
  const { users } = await credits.expireDue(deps.db, now);
  return { cyclesGranted, usersExpired: users };
}

const toUnits = (minor: number) => minor / 100;

/**
 * Spec §3 subscription status, with the plan scheduled to follow (ADR 023). A plan that ended reads
 * as free, with itself as the previous plan.
 */
export async function subscriptionStatus(
  deps: { db: DbOrTx },
  userId: string,
  now = new Date(),
): Promise<Omit<SubscriptionStatusResponse, 'success'>> {
  const plans = await repo.listSubscriptions(deps.db, userId);
  const running = runningPlan(plans, now);
  const next = upcomingPlans(plans, now)[0];
  const scheduled = {
    scheduled_type: next?.type ?? null,
    scheduled_start: next?.startedAt.toISOString() ?? null,
  };
  if (running) {
    const unusedUsd = unusedValue(running, 'USD', now);
    const unusedInr = unusedValue(running, 'INR', now);
    return {
      type: running.type,
      subscriptionCode: running.code,
      subscriptionId: running.id,
      endingTimestamp: running.endsAt.toISOString(),
      transactionTimestamp: running.transactionAt.toISOString(),
      previous_type: running.previousType,
      previous_subscriptionCode: running.previousCode,
      ...scheduled,
      upgrade_credit: { USD: toUnits(unusedUsd.minor), INR: toUnits(unusedInr.minor) },
      upgrade_cycles: unusedUsd.cycles,
    };
  }
  // Cancelled, refunded and lapsed plans read as free, with the latest as the previous plan.
  const latest = plans.find((plan) => !(plan.status === 'scheduled' && plan.startedAt > now));
  if (!latest) {
    return {
      type: 'free',
      subscriptionCode: planCodeOf('free'),
      subscriptionId: null,
      endingTimestamp: null,
      transactionTimestamp: null,
      previous_type: null,
      previous_subscriptionCode: null,
      ...scheduled,
    };
  }
  return {
    type: 'free',
    subscriptionCode: planCodeOf('free'),
    subscriptionId: latest.id,
    endingTimestamp: latest.endsAt.toISOString(),
    transactionTimestamp: latest.transactionAt.toISOString(),
    previous_type: latest.type,
    previous_subscriptionCode: latest.code,
    ...scheduled,
  };
}

/** Ends the running plan now (operator action); plans waiting after it move up to start now. */
export async function endRunningPlan(
  tx: Tx,
  userId: string,
  status: 'canceled' | 'refunded',
  now: Date,
): Promise<Plan | undefined> {
  const plans = await settlePlans(tx, userId, now);
  const running = runningPlan(plans, now);
  if (!running) return undefined;
  const ended = await repo.updateSubscription(tx, running.id, {
    status,
    endsAt: now < running.endsAt ? now : running.endsAt,
  });
  await rechain(tx, upcomingPlans(plans, now), now);
  // The plan that moved up starts now: make it active and grant its first cycle at once.
  await settlePlans(tx, userId, now);
  return ended;
}
