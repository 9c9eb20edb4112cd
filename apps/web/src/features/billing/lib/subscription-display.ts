import {
  BILLING_PERIODS,
  EXPIRING_SOON_DAYS,
  planFamilyOf,
  productDisplayName,
  type BillingPeriod,
  type PlanFamily,
  type ProductFamily,
} from '@studio/contract/plans';
import type { SubscriptionStatus, Timestamp } from '../api/subscription-status';

const DAY_MS = 24 * 60 * 60 * 1000;

export type SubscriptionState = 'active' | 'expiring' | 'expired';

export interface SubscriptionDisplay {
  state: SubscriptionState;
  /** Whole days left, rounded up; only while expiring soon. */
  daysLeft: number | null;
}

/** A server timestamp as a Date, or null when missing or unreadable. */
export function toDate(value: Timestamp | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Spec §4 Subscription display: no end date or more than 7 days ahead is Active; within 7 days
 * (days left rounded up, more than 0) is Expiring Soon; an end in the past is Expired.
 */
export function getSubscriptionDisplay(
  endingTimestamp: Timestamp | null,
  now: number,
): SubscriptionDisplay {
  const end = toDate(endingTimestamp);
  if (!end) return { state: 'active', daysLeft: null };
  const remaining = end.getTime() - now;
  if (remaining <= 0) return { state: 'expired', daysLeft: null };
  const daysLeft = Math.ceil(remaining / DAY_MS);
  return daysLeft <= EXPIRING_SOON_DAYS
    ? { state: 'expiring', daysLeft }
    : { state: 'active', daysLeft: null };
}

export function isExpired(status: Pick<SubscriptionStatus, 'endingTimestamp'>, now: number) {
  return getSubscriptionDisplay(status.endingTimestamp, now).state === 'expired';
}

/**
 * The family and billing period a subscription type stands for. A type without a period
 * (`pro`, `plus`) is the monthly plan, as the plan codes say (pro = pro_monthly = 102); an
 * unknown period gives null so no card matches it.
 */
export function parsePlanType(type: string): { family: PlanFamily; period: BillingPeriod | null } {
  const [, period] = type.trim().toLowerCase().split('_');
  const family = planFamilyOf(type);
  if (period === undefined) return { family, period: 'monthly' };
  const known = BILLING_PERIODS.find((candidate) => candidate === period);
  return { family, period: known ?? null };
}

/** 'Pro Monthly', 'Plus 4 Months', 'Free', 'Enterprise' (shared with the server's wording). */
export function planDisplayName(type: string): string {
  return productDisplayName(type);
}

/** The card being judged: one of the plans, or a top-up pack. */
export type CardFamily = 'free' | ProductFamily;

/**
 * Spec §4: a card is the current plan only if the plan has not expired and both the family and
 * the billing period match; a top-up is never current. The Free card is current whenever the
 * account is on the free type: an expired paid plan arrives as type 'free', and Free is then
 * what the user really has, whatever billing period the toggle shows.
 */
export function isCurrentPlanCard(
  card: { family: CardFamily; period: BillingPeriod },
  status: SubscriptionStatus | undefined,
  now: number,
): boolean {
  if (!status || card.family === 'topup') return false;
  const plan = parsePlanType(status.type);
  if (card.family === 'free') return plan.family === 'free';
  if (isExpired(status, now)) return false;
  return plan.family === card.family && plan.period === card.period;
}

/**
 * The billing period the plan cards should open at for this account: the period of a running
 * Plus or Pro plan, so its card shows as the Current Plan; null (the spec's 4-month default) for
 * Free, an expired plan, Enterprise (never on a card) or an unknown period.
 */
export function subscribedPeriod(
  status: SubscriptionStatus | undefined,
  now: number,
): BillingPeriod | null {
  if (!status || isExpired(status, now)) return null;
  const plan = parsePlanType(status.type);
  return plan.family === 'plus' || plan.family === 'pro' ? plan.period : null;
}

/** The subscription id as shown on the page: its first 8 characters (spec §2). */
export function shortSubscriptionId(id: string): string {
  return id.slice(0, 8);
}
