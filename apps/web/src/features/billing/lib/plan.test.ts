import { describe, expect, it } from 'vitest';
import { getPlanFamily, getPlanLabel, shouldShowUpgradePromo } from './plan';

describe('getPlanFamily', () => {
  it.each([
    ['free', 'free'],
    ['pro_monthly', 'pro'],
    ['pro_yearly', 'pro'],
    ['plus', 'plus'],
    ['plus_4months', 'plus'],
    ['enterprise', 'enterprise'],
    ['enterprise_yearly', 'enterprise'],
    ['PRO_MONTHLY', 'pro'],
  ])('reads %s as the %s family', (type, family) => {
    expect(getPlanFamily(type)).toBe(family);
  });

  it.each([[null], [undefined], [''], ['topup_monthly'], ['professional'], ['platinum']])(
    'treats %s as free',
    (type) => {
      expect(getPlanFamily(type)).toBe('free');
    },
  );
});

describe('getPlanLabel', () => {
  it("says 'Demo Plan' when signed out", () => {
    expect(getPlanLabel({ isAuthenticated: false, isLoading: false, family: 'pro' })).toBe(
      'Demo Plan',
    );
  });

  it("says 'Loading...' while the subscription loads", () => {
    expect(getPlanLabel({ isAuthenticated: true, isLoading: true, family: 'free' })).toBe(
      'Loading...',
    );
  });

  it.each([
    ['free', 'Free Plan'],
    ['plus', 'Plus Plan'],
    ['pro', 'Pro Plan'],
    ['enterprise', 'Enterprise Plan'],
  ] as const)('names the %s family', (family, label) => {
    expect(getPlanLabel({ isAuthenticated: true, isLoading: false, family })).toBe(label);
  });
});

describe('shouldShowUpgradePromo', () => {
  it('shows for signed-in free and plus users once loaded', () => {
    expect(
      shouldShowUpgradePromo({ isAuthenticated: true, isLoading: false, family: 'free' }),
    ).toBe(true);
    expect(
      shouldShowUpgradePromo({ isAuthenticated: true, isLoading: false, family: 'plus' }),
    ).toBe(true);
  });

  it('hides for pro and enterprise, while loading, and when signed out', () => {
    expect(shouldShowUpgradePromo({ isAuthenticated: true, isLoading: false, family: 'pro' })).toBe(
      false,
    );
    expect(
      shouldShowUpgradePromo({ isAuthenticated: true, isLoading: false, family: 'enterprise' }),
    ).toBe(false);
    expect(shouldShowUpgradePromo({ isAuthenticated: true, isLoading: true, family: 'free' })).toBe(
      false,
    );
    expect(
      shouldShowUpgradePromo({ isAuthenticated: false, isLoading: false, family: 'free' }),
    ).toBe(false);
  });
});
