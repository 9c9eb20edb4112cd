import { describe, expect, it } from 'vitest';
import { buildPaymentLinkRequest } from './payment-request';

describe('buildPaymentLinkRequest', () => {
  it('sends plans with amount 0 and quantity 1 to the USD endpoint', () => {
    expect(
      buildPaymentLinkRequest({ family: 'plus', period: '4months', currency: 'USD' }, 'user_1'),
    ).toEqual({
      path: '/generate-payment-link',
      body: { service_type: 'plus_4months', userId: 'user_1', amount: 0, quantity: 1 },
    });
  });

  it('uses the INR endpoint when paying in rupees', () => {
    expect(
      buildPaymentLinkRequest({ family: 'pro', period: 'yearly', currency: 'INR' }, 'user_1'),
    ).toEqual({
      path: '/generate-payment-link-inr',
      body: { service_type: 'pro_yearly', userId: 'user_1', amount: 0, quantity: 1 },
    });
  });

  it("sends a top-up's catalogue price in the chosen currency", () => {
    expect(
      buildPaymentLinkRequest({ family: 'topup', period: 'monthly', currency: 'USD' }, 'u').body,
    ).toMatchObject({ service_type: 'topup_monthly', amount: 10, quantity: 1 });
    expect(
      buildPaymentLinkRequest({ family: 'topup', period: '4months', currency: 'INR' }, 'u').body,
    ).toMatchObject({ service_type: 'topup_4months', amount: 2720, quantity: 1 });
  });
});
