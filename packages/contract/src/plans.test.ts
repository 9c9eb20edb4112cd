import { describe, expect, it } from 'vitest';
import {
  discountPercent,
  findProduct,
  getProduct,
  listPrice,
  planChangeKind,
  planCodeOf,
  planFamilyOf,
  upgradeCredit,
  productDisplayName,
  PRODUCTS,
} from './plans';

describe('plan catalogue', () => {
  it('holds the spec prices, credits and days', () => {
    expect(findProduct('Pro_Monthly')).toMatchObject({
      price: { USD: 10, INR: 800 },
      credits: 40,
      days: 30,
    });
    expect(findProduct('plus_yearly')).toMatchObject({
      price: { USD: 48, INR: 3840 },
      credits: 240,
      days: 365,
    });
    expect(findProduct('topup_4months')).toMatchObject({ credits: 160, days: null });
    expect(findProduct('enterprise_monthly')).toBeUndefined();
    expect(PRODUCTS).toHaveLength(9);
  });

  it('discounts 4 months by 15 % and a year by 20 % against the monthly price, in both currencies', () => {
    const plus4 = getProduct('plus', '4months');
    expect(listPrice(plus4, 'USD')).toBe(20);
    expect(listPrice(plus4, 'INR')).toBe(1600);
    expect(discountPercent(plus4, 'USD')).toBe(15);
    expect(discountPercent(plus4, 'INR')).toBe(15);
    const proYear = getProduct('pro', 'yearly');
    expect(listPrice(proYear, 'USD')).toBe(120);
    expect(discountPercent(proYear, 'INR')).toBe(20);
    expect(discountPercent(getProduct('pro', 'monthly'), 'USD')).toBe(0);
  });

  it('names plan codes and families as the spec does', () => {
    expect(planCodeOf('free')).toBe(101);
    expect(planCodeOf('pro_monthly')).toBe(102);
    expect(planCodeOf('plus_4months')).toBe(403);
    expect(planCodeOf('enterprise_yearly')).toBe(1204);
    expect(planFamilyOf('plus_yearly')).toBe('plus');
    expect(planFamilyOf('topup_monthly')).toBe('free');
    expect(productDisplayName('topup_yearly')).toBe('Credit Topup (480 credits)');
    expect(productDisplayName('pro_4months')).toBe('Pro 4 Months');
  });
});

describe('planChangeKind (ADR 023)', () => {
  it.each([
    [null, 'plus_monthly', 'new'],
    ['free', 'pro_yearly', 'new'],
    ['pro_monthly', 'pro_monthly', 'extend'],
    ['plus_monthly', 'pro_monthly', 'upgrade'],
    ['plus_monthly', 'pro_yearly', 'upgrade'],
    ['plus_monthly', 'plus_4months', 'upgrade'],
    ['pro_monthly', 'plus_monthly', 'scheduled'],
    ['pro_yearly', 'plus_yearly', 'scheduled'],
    ['pro_yearly', 'pro_monthly', 'scheduled'],
    ['plus_yearly', 'pro_monthly', 'scheduled'],
  ] as const)('%s → %s is %s', (current, target, kind) => {
    expect(planChangeKind(current, target)).toBe(kind);
  });
});

describe('upgradeCredit (ADR 023)', () => {
  it('credits every unused cycle when they are worth less than the price', () => {
    expect(upgradeCredit({ cycles: 2, perCycleMinor: 34_000 }, 272_000)).toEqual({
      cycles: 2,
      minor: 68_000,
    });
  });

  it('credits only the whole cycles the price can take, so the rest keep being granted', () => {
    // Plus monthly extended five times, upgraded to Pro monthly: 4 unused cycles of ₹400, ₹800.
    expect(upgradeCredit({ cycles: 4, perCycleMinor: 40_000 }, 80_000)).toEqual({
      cycles: 1,
      minor: 40_000,
    });
  });

  it('credits nothing without unused cycles', () => {
    expect(upgradeCredit({ cycles: 0, perCycleMinor: 40_000 }, 80_000)).toEqual({
      cycles: 0,
      minor: 0,
    });
  });
});
