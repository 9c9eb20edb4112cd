import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '../api/subscription-status';
import {
  getSubscriptionDisplay,
  isCurrentPlanCard,
  parsePlanType,
  planDisplayName,
  shortSubscriptionId,
  subscribedPeriod,
} from './subscription-display';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse('2026-03-01T12:00:00.000Z');
const inDays = (days: number) => new Date(now + days * DAY).toISOString();

function status(fields: Partial<SubscriptionStatus>): SubscriptionStatus {
  return {
    type: 'free',
    subscriptionCode: 101,
    subscriptionId: null,
    endingTimestamp: null,
    transactionTimestamp: null,
    previousType: null,
    ...fields,
  };
}

describe('getSubscriptionDisplay', () => {
  it('is active without an end date', () => {
    expect(getSubscriptionDisplay(null, now)).toEqual({ state: 'active', daysLeft: null });
  });

  it('is active when the end is more than 7 days away', () => {
    expect(getSubscriptionDisplay(inDays(7.01), now).state).toBe('active');
    expect(getSubscriptionDisplay(inDays(90), now).state).toBe('active');
  });

  it('is expiring soon within 7 days, with the days left rounded up', () => {
    expect(getSubscriptionDisplay(inDays(7), now)).toEqual({ state: 'expiring', daysLeft: 7 });
    expect(getSubscriptionDisplay(inDays(2.1), now)).toEqual({ state: 'expiring', daysLeft: 3 });
    expect(getSubscriptionDisplay(inDays(0.01), now)).toEqual({ state: 'expiring', daysLeft: 1 });
  });

  it('is expired once the end has passed', () => {
    expect(getSubscriptionDisplay(inDays(-1), now).state).toBe('expired');
    expect(getSubscriptionDisplay(new Date(now).toISOString(), now).state).toBe('expired');
  });

  it('reads epoch milliseconds as well as ISO strings', () => {
    expect(getSubscriptionDisplay(now + 3 * DAY, now)).toEqual({ state: 'expiring', daysLeft: 3 });
  });

  it('treats an unreadable end date as no end date', () => {
    expect(getSubscriptionDisplay('soon', now).state).toBe('active');
  });
});

describe('parsePlanType', () => {
  it.each([
    ['pro_monthly', 'pro', 'monthly'],
    ['plus_4months', 'plus', '4months'],
    ['PRO_YEARLY', 'pro', 'yearly'],
    ['pro', 'pro', 'monthly'],
    ['free', 'free', 'monthly'],
    ['pro_weekly', 'pro', null],
  ] as const)('reads %s as %s, %s', (type, family, period) => {
    expect(parsePlanType(type)).toEqual({ family, period });
  });
});

describe('isCurrentPlanCard', () => {
  const proMonthly = status({ type: 'pro_monthly', endingTimestamp: inDays(20) });

  it('is current when family and billing period both match', () => {
    expect(isCurrentPlanCard({ family: 'pro', period: 'monthly' }, proMonthly, now)).toBe(true);
  });

  it('is not current when only the family matches', () => {
    expect(isCurrentPlanCard({ family: 'pro', period: 'yearly' }, proMonthly, now)).toBe(false);
    expect(isCurrentPlanCard({ family: 'plus', period: 'monthly' }, proMonthly, now)).toBe(false);
  });

  it('is still current while the plan is expiring soon', () => {
    const expiring = status({ type: 'plus_yearly', endingTimestamp: inDays(2) });
    expect(isCurrentPlanCard({ family: 'plus', period: 'yearly' }, expiring, now)).toBe(true);
  });

  it('is never current for an expired plan', () => {
    const expired = status({ type: 'pro_monthly', endingTimestamp: inDays(-1) });
    expect(isCurrentPlanCard({ family: 'pro', period: 'monthly' }, expired, now)).toBe(false);
  });

  it('is never current for a top-up', () => {
    const topup = status({ type: 'topup_4months' });
    expect(isCurrentPlanCard({ family: 'topup', period: '4months' }, topup, now)).toBe(false);
    expect(isCurrentPlanCard({ family: 'topup', period: 'monthly' }, proMonthly, now)).toBe(false);
  });

  it('marks Free as current for the free type, whatever the billing period shown', () => {
    const free = status({ type: 'free' });
    expect(isCurrentPlanCard({ family: 'free', period: '4months' }, free, now)).toBe(true);
    expect(isCurrentPlanCard({ family: 'free', period: 'yearly' }, free, now)).toBe(true);
    expect(isCurrentPlanCard({ family: 'free', period: 'monthly' }, proMonthly, now)).toBe(false);
  });

  it('marks Free as current after a paid plan expired into it', () => {
    const lapsed = status({
      type: 'free',
      endingTimestamp: inDays(-3),
      previousType: 'pro_monthly',
    });
    expect(isCurrentPlanCard({ family: 'free', period: '4months' }, lapsed, now)).toBe(true);
    expect(isCurrentPlanCard({ family: 'pro', period: 'monthly' }, lapsed, now)).toBe(false);
  });

  it('marks nothing while the status is unknown', () => {
    expect(isCurrentPlanCard({ family: 'free', period: '4months' }, undefined, now)).toBe(false);
  });
});

describe('subscribedPeriod', () => {
  it('is the period of a running Plus or Pro plan, expiring soon or not', () => {
    expect(subscribedPeriod(status({ type: 'pro_monthly' }), now)).toBe('monthly');
    expect(subscribedPeriod(status({ type: 'pro' }), now)).toBe('monthly');
    expect(subscribedPeriod(status({ type: 'plus_yearly', endingTimestamp: inDays(3) }), now)).toBe(
      'yearly',
    );
  });

  it('is null for Free, an expired plan, Enterprise and an unknown period', () => {
    expect(subscribedPeriod(undefined, now)).toBeNull();
    expect(subscribedPeriod(status({ type: 'free' }), now)).toBeNull();
    expect(
      subscribedPeriod(status({ type: 'pro_monthly', endingTimestamp: inDays(-1) }), now),
    ).toBeNull();
    expect(subscribedPeriod(status({ type: 'enterprise_yearly' }), now)).toBeNull();
    expect(subscribedPeriod(status({ type: 'pro_weekly' }), now)).toBeNull();
  });
});

describe('names and ids', () => {
  it('names plans the way the server does', () => {
    expect(planDisplayName('pro_monthly')).toBe('Pro Monthly');
    expect(planDisplayName('plus_4months')).toBe('Plus 4 Months');
    expect(planDisplayName('free')).toBe('Free');
    expect(planDisplayName('enterprise')).toBe('Enterprise');
  });

  it('shows the first 8 characters of a subscription id', () => {
    expect(shortSubscriptionId('sub_1234567890abcdef')).toBe('sub_1234');
    expect(shortSubscriptionId('abc')).toBe('abc');
  });
});
