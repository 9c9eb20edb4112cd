import { describe, expect, it } from 'vitest';
import { isSafePaymentLink } from './browser-navigation';

describe('isSafePaymentLink', () => {
  it.each([['/checkout/sandbox/ord_1'], ['https://checkout.stripe.com/c/pay/cs_123']])(
    'follows %s',
    (link) => {
      expect(isSafePaymentLink(link)).toBe(true);
    },
  );

  it.each([
    ['javascript:alert(1)'],
    ['//evil.example/pay'],
    ['/\\evil.example'],
    ['http://checkout.example/pay'],
    ['checkout/sandbox/ord_1'],
    [''],
  ])('refuses %s', (link) => {
    expect(isSafePaymentLink(link)).toBe(false);
  });
});
