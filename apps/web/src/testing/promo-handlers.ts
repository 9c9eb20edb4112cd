import type { PromoBanner } from '@studio/contract';
import { http, HttpResponse } from 'msw';

/** A banner ending `secondsLeft` from now (by the clock when called: fake or real). */
export function testPromoBanner(
  secondsLeft = 2 * 60 * 60,
  overrides: Partial<PromoBanner> = {},
): PromoBanner {
  return {
    title: 'Festive sale',
    discount: '50% OFF',
    sub_message: 'On every Pro plan this week',
    cta_text: 'Upgrade now',
    cta_link: '/subscription',
    variant: 'urgent',
    end_date: new Date(Date.now() + secondsLeft * 1000).toISOString(),
    timer_duration: null,
    ...overrides,
  };
}

/** Unless a test says otherwise, no promo banner is live (204), as on a fresh server. */
export const promoHandlers = [
  http.get('/api/v1/promo-banner', () => new HttpResponse(null, { status: 204 })),
];
