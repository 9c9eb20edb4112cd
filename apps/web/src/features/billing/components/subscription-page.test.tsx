import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { currentLocation, renderWithProviders } from '@/testing/render';
import {
  errorResponse,
  mockSession,
  mockSignedIn,
  mockSubscription,
  mockSubscriptionFailure,
  server,
} from '@/testing/server';
import { newPlanPreview, planChangePreviewHandler } from '@/testing/billing-handlers';
import { mockSiteInfo } from '@/testing/site-info-handlers';
import { browserNavigation } from '../lib/browser-navigation';
import { SubscriptionPage } from './subscription-page';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function renderPage() {
  return renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
}

const card = (name: string) => screen.getByRole('article', { name });

/** Records the body of every payment-link call, answering with a sandbox link. */
function recordPaymentLinks() {
  const calls: { path: string; body: unknown }[] = [];
  for (const path of ['/api/v1/generate-payment-link', '/api/v1/generate-payment-link-inr']) {
    server.use(
      http.post(path, async ({ request }) => {
        calls.push({ path, body: await request.json() });
        return HttpResponse.json({
          success: true,
          payment_link: '/checkout/sandbox/ord_42',
          orderId: 'ord_42',
        });
      }),
    );
  }
  return calls;
}

let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
});

describe('current plan', () => {
  it('shows Free as the current plan for a free account', async () => {
    mockSignedIn({ plan: 'free' });
    renderPage();

    const section = await screen.findByRole('region', { name: 'Your Current Plan' });
    expect(within(section).getByText('Free')).toBeInTheDocument();
    expect(within(section).getByText('Active')).toBeInTheDocument();
    expect(within(card('Free')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(within(card('Plus')).getByRole('button', { name: 'Choose Plus' })).toBeEnabled();
    expect(within(card('Pro')).getByRole('button', { name: 'Choose Pro' })).toBeEnabled();
  });

  it('shows an active plan with its short id, dates and the plan it replaced', async () => {
    mockSignedIn();
    mockSubscription('pro_4months', {
      subscriptionId: 'sub_1234567890abcdef',
      endingTimestamp: inDays(60),
      transactionTimestamp: inDays(-60),
      previous_type: 'plus_monthly',
    });
    renderPage();

    expect(await screen.findByText('Pro 4 Months')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('sub_1234')).toBeInTheDocument();
    expect(screen.queryByText('sub_1234567890abcdef')).not.toBeInTheDocument();
    expect(screen.getByText('Ends on')).toBeInTheDocument();
    expect(screen.getByText('Purchased on')).toBeInTheDocument();
    expect(screen.getByText('Previous plan').nextElementSibling).toHaveTextContent('Plus Monthly');
  });

  it('warns with the days left when the plan ends within 7 days', async () => {
    mockSignedIn();
    mockSubscription('plus_monthly', { endingTimestamp: inDays(2.5) });
    renderPage();

    expect(await screen.findByText('Expiring Soon')).toBeInTheDocument();
    expect(
      screen.getByText(/Your plan expires in 3 days and does not renew on its own\./),
    ).toBeInTheDocument();
  });

  it('marks an expired plan and names the plan that ended', async () => {
    mockSignedIn();
    mockSubscription('free', { endingTimestamp: inDays(-2), previous_type: 'pro_monthly' });
    renderPage();

    expect(await screen.findByText('Expired')).toBeInTheDocument();
    expect(
      screen.getByText(/Your Pro Monthly plan has expired\. You are on the Free plan now\./),
    ).toBeInTheDocument();
    expect(screen.getByText('Ended on')).toBeInTheDocument();
    expect(screen.getByText('Previous plan').nextElementSibling).toHaveTextContent('Pro Monthly');
  });

  it('offers a retry when the status cannot be loaded', async () => {
    mockSignedIn();
    mockSubscriptionFailure();
    const { user } = renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load subscription details. Please try again.',
    );
    mockSubscription('pro_monthly');
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Pro Monthly')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks the server again on Refresh', async () => {
    mockSignedIn();
    let calls = 0;
    server.use(
      http.post('/api/v1/subscription/status', () => {
        calls += 1;
        return HttpResponse.json({
          success: true,
          type: calls === 1 ? 'free' : 'plus_4months',
          subscriptionCode: 101,
          subscriptionId: null,
          endingTimestamp: null,
          transactionTimestamp: null,
          previous_type: null,
          previous_subscriptionCode: null,
        });
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Your Current Plan' });

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByText('Plus 4 Months')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('asks signed-out visitors to log in, and sends them to /login when they pick a plan', async () => {
    mockSession(null);
    const { user } = renderPage();

    expect(await screen.findByRole('heading', { name: 'Please Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fsubscription',
    );
    await user.click(within(card('Pro')).getByRole('button', { name: 'Choose Pro' }));

    expect(currentLocation()).toBe('/login?redirect=%2Fsubscription');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('current plan card rule', () => {
  it('opens at a Pro Monthly subscriber’s own period, with their card marked Current Plan', async () => {
    mockSignedIn({ plan: 'pro_monthly' });
    renderPage();

    expect(await within(card('Pro')).findByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  });

  it('opens at Yearly for a Plus Yearly subscriber', async () => {
    mockSignedIn({ plan: 'plus_yearly' });
    renderPage();

    expect(
      await within(card('Plus')).findByRole('button', { name: 'Current Plan' }),
    ).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Yearly' })).toBeChecked();
  });

  it.each([
    [
      'a free account',
      () => {
        mockSignedIn({ plan: 'free' });
      },
    ],
    [
      'an expired plan',
      () => {
        mockSignedIn();
        mockSubscription('free', { endingTimestamp: inDays(-2), previous_type: 'pro_monthly' });
      },
    ],
    [
      'an Enterprise plan, which has no card',
      () => {
        mockSignedIn({ plan: 'enterprise_yearly' });
      },
    ],
  ])('keeps the 4-month default for %s', async (_, arrange) => {
    arrange();
    renderPage();

    await screen.findByRole('heading', { name: 'Your Current Plan' });
    expect(screen.getByRole('radio', { name: '4 Months' })).toBeChecked();
  });

  it('marks the card of the same family and billing period only', async () => {
    mockSignedIn({ plan: 'pro_monthly' });
    const { user } = renderPage();
    expect(await within(card('Pro')).findByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(within(card('Plus')).getByRole('button', { name: 'Choose Plus' })).toBeEnabled();
    expect(within(card('Free')).queryByRole('button', { name: 'Current Plan' })).toBeNull();
    expect(within(card('Credit Topup')).getByRole('button', { name: 'Buy Credits' })).toBeEnabled();

    // Pro Monthly is not the 4-month Pro card; the period the user picks stays picked.
    await user.click(screen.getByRole('radio', { name: '4 Months' }));

    expect(screen.getByRole('radio', { name: '4 Months' })).toBeChecked();
    expect(within(card('Pro')).getByRole('button', { name: 'Choose Pro' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Current Plan' })).not.toBeInTheDocument();
  });

  it('never marks an expired plan as current', async () => {
    mockSignedIn();
    mockSubscription('pro_monthly', { endingTimestamp: inDays(-1) });
    const { user } = renderPage();
    await screen.findByText('Expired');

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));

    expect(within(card('Pro')).getByRole('button', { name: 'Choose Pro' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Current Plan' })).not.toBeInTheDocument();
  });
});

describe('plan changes (ADR 023)', () => {
  const longDate = (iso: string) =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

  it('says on the current plan card which plan is scheduled to start, and when', async () => {
    const start = inDays(20);
    mockSignedIn({ plan: 'free' });
    mockSubscription('pro_monthly', {
      endingTimestamp: start,
      scheduled_type: 'plus_monthly',
      scheduled_start: start,
    });
    renderPage();

    const section = await screen.findByRole('region', { name: 'Your Current Plan' });
    expect(within(section).getByText(`Plus starts on ${longDate(start)}`)).toBeInTheDocument();
  });

  it('tells a Pro subscriber before paying that Plus waits for the end of Pro', async () => {
    const end = inDays(20);
    mockSignedIn({ plan: 'free' });
    mockSubscription('pro_monthly', { endingTimestamp: end });
    renderPage();

    const plus = await screen.findByRole('article', { name: 'Plus' });
    await waitFor(() => {
      expect(
        within(plus).getByText(
          `Starts on ${longDate(end)}, when your Pro plan ends. Until then you keep Pro.`,
        ),
      ).toBeInTheDocument();
    });
    expect(within(card('Pro')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  });

  it('shows no more credit than the checkout takes: whole cycles, never the whole price', async () => {
    mockSignedIn({ plan: 'free' });
    // Four unused Plus monthly cycles ($20) against Pro monthly ($10): one cycle, $5, comes off.
    mockSubscription('plus_monthly', {
      endingTimestamp: inDays(140),
      upgrade_credit: { USD: 20, INR: 1600 },
      upgrade_cycles: 4,
    });
    renderPage();
    await screen.findByRole('button', { name: 'Current Plan' });

    expect(
      within(card('Pro')).getByText(/^Upgrade now: starts today, with (\$5\.00|₹400\.00) off/),
    ).toBeInTheDocument();
  });

  it('tells a Plus subscriber that Pro starts today with the unused time taken off', async () => {
    mockSignedIn({ plan: 'free' });
    mockSubscription('plus_4months', {
      endingTimestamp: inDays(80),
      upgrade_credit: { USD: 8.5, INR: 680 },
      upgrade_cycles: 2,
    });
    renderPage();
    await screen.findByRole('button', { name: 'Current Plan' });

    const pro = card('Pro');
    expect(
      within(pro).getByText(
        /^Upgrade now: starts today, with (\$8\.50|₹680\.00) off for the unused time of your Plus plan\.$/,
      ),
    ).toBeInTheDocument();
  });
});

describe('prices', () => {
  it('shows 4-month prices in USD with the list price struck and the saving', async () => {
    mockSignedIn();
    renderPage();

    const plus = await screen.findByRole('article', { name: 'Plus' });
    expect(within(plus).getByText('$17')).toBeInTheDocument();
    expect(within(plus).getByText('$20').tagName).toBe('DEL');
    expect(within(plus).getByText('Save 15%')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('Most Popular')).toBeInTheDocument();
    expect(within(card('Free')).getByText('$0')).toBeInTheDocument();
    expect(within(card('Free')).getByText('forever')).toBeInTheDocument();
    expect(within(card('Credit Topup')).getByRole('radio', { name: '40 credits' })).toBeChecked();
  });

  it('keeps the top-up card as it is when the plans’ period changes, with no saving (ADR 050)', async () => {
    mockSignedIn();
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Credit Topup' });
    const topupPrice = () => within(card('Credit Topup')).getByText('one-time').parentElement;
    expect(topupPrice()).toHaveTextContent('$10one-time');

    for (const period of ['Yearly', 'Monthly', '4 Months']) {
      await user.click(screen.getByRole('radio', { name: period }));
      expect(topupPrice()).toHaveTextContent('$10one-time');
    }

    await user.click(within(card('Credit Topup')).getByRole('radio', { name: '480 credits' }));
    expect(topupPrice()).toHaveTextContent('$96one-time');
    expect(within(card('Credit Topup')).queryByText(/Save/)).not.toBeInTheDocument();
    expect(card('Credit Topup').querySelector('del')).toBeNull();
    // The plans keep their own period and savings.
    expect(within(card('Pro')).getByText('Save 15%')).toBeInTheDocument();
  });

  it('shows yearly prices with a 20% saving, and monthly prices without a struck price', async () => {
    mockSignedIn();
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Pro' });

    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    const pro = card('Pro');
    expect(within(pro).getByText('$96')).toBeInTheDocument();
    expect(within(pro).getByText('$120').tagName).toBe('DEL');
    expect(within(pro).getByText('Save 20%')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(within(card('Pro')).getByText('$10')).toBeInTheDocument();
    expect(within(card('Pro')).queryByText(/^Save/)).not.toBeInTheDocument();
    expect(card('Pro').querySelector('del')).toBeNull();
  });

  it('switches the prices to rupees', async () => {
    mockSignedIn();
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Plus' });

    await user.click(screen.getByRole('radio', { name: 'INR' }));

    const plus = card('Plus');
    expect(within(plus).getByText('₹1,360')).toBeInTheDocument();
    expect(within(plus).getByText('₹1,600').tagName).toBe('DEL');
    expect(within(plus).getByText('Save 15%')).toBeInTheDocument();
  });

  it('shows rupees by default in India', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'Asia/Calcutta',
    });
    mockSignedIn();
    renderPage();

    expect(await screen.findByRole('radio', { name: 'INR' })).toBeChecked();
    expect(within(card('Pro')).getByText('₹2,720')).toBeInTheDocument();
  });
});

describe('plan benefits', () => {
  it('lists on each card the tools its plan includes, by the tool list’s names', async () => {
    mockSignedIn();
    renderPage();

    const free = await screen.findByRole('article', { name: 'Free' });
    expect(
      within(free).getByText('Canvas Editor: Image Upscaler and Background Removal'),
    ).toBeInTheDocument();
    expect(within(free).queryByText(/Video Generation|Fashion Extractor/)).toBeNull();
    expect(within(card('Plus')).getByText('Fashion Extractor')).toBeInTheDocument();
    expect(within(card('Plus')).queryByText(/Video Generation/)).toBeNull();
    expect(within(card('Pro')).getByText('Fashion Extractor')).toBeInTheDocument();
    expect(
      within(card('Pro')).getByText(
        'Canvas Editor: Video Generation, Image Upscaler and Background Removal',
      ),
    ).toBeInTheDocument();
  });
});

describe('checkout', () => {
  it('asks for the currency, requests a USD link for the plan and goes there', async () => {
    mockSignedIn();
    const calls = recordPaymentLinks();
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Choose Plus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose your currency' });
    expect(within(dialog).getByRole('button', { name: 'Pay in INR' })).toHaveAccessibleDescription(
      'For customers in India · Razorpay',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Pay in USD' }));

    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('/checkout/sandbox/ord_42');
    });
    expect(calls).toEqual([
      {
        path: '/api/v1/generate-payment-link',
        body: { service_type: 'plus_4months', userId: 'user_123', amount: 0, quantity: 1 },
      },
    ]);
  });

  it("sends a top-up's price to the INR endpoint when paying in rupees", async () => {
    mockSignedIn();
    const calls = recordPaymentLinks();
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Credit Topup' });

    await user.click(within(card('Credit Topup')).getByRole('radio', { name: '480 credits' }));
    await user.click(within(card('Credit Topup')).getByRole('button', { name: 'Buy Credits' }));
    await user.click(await screen.findByRole('button', { name: 'Pay in INR' }));

    await waitFor(() => {
      expect(calls).toEqual([
        {
          path: '/api/v1/generate-payment-link-inr',
          body: { service_type: 'topup_yearly', userId: 'user_123', amount: 7680, quantity: 1 },
        },
      ]);
    });
  });

  it('names a top-up as the one-time pack it is, not as a monthly plan', async () => {
    mockSignedIn();
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Credit Topup' });

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    await user.click(within(card('Credit Topup')).getByRole('button', { name: 'Buy Credits' }));

    const dialog = await screen.findByRole('dialog', { name: 'Choose your currency' });
    expect(dialog).toHaveAccessibleDescription(
      'Credit Topup (40 credits, one-time): pick how you would like to pay.',
    );
    expect(within(dialog).queryByText(/Monthly/)).toBeNull();
  });

  it('names a plan with its period in the currency choice', async () => {
    mockSignedIn();
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Choose Pro' }));

    expect(
      await screen.findByRole('dialog', { name: 'Choose your currency' }),
    ).toHaveAccessibleDescription('Pro 4 Months: pick how you would like to pay.');
  });

  it('buys the pack chosen on the top-up card from Quick Top-up', async () => {
    mockSignedIn();
    const calls = recordPaymentLinks();
    const { user } = renderPage();

    await user.click(await screen.findByRole('radio', { name: '160 credits' }));
    await user.click(await screen.findByRole('button', { name: 'Quick Top-up' }));
    await user.click(await screen.findByRole('button', { name: 'Pay in USD' }));

    await waitFor(() => {
      expect(calls[0]?.body).toEqual({
        service_type: 'topup_4months',
        userId: 'user_123',
        amount: 34,
        quantity: 1,
      });
    });
  });

  it('shows what a plan change does and the amount before the checkout opens (ADR 050)', async () => {
    mockSignedIn();
    mockSubscription('plus_monthly', { endingTimestamp: inDays(20) });
    const previews: unknown[] = [];
    server.use(
      http.post('/api/v1/subscription/change-preview', async ({ request }) => {
        previews.push(await request.json());
        return HttpResponse.json({
          ...newPlanPreview,
          kind: 'upgrade',
          plan_display_name: 'Pro Monthly',
          currency: 'INR',
          price: 800,
          amount: 800,
          current: {
            plan_display_name: 'Plus Monthly',
            outcome: 'replaced',
            ends_at: inDays(0),
            credits_left: 20,
            credits_left_until: inDays(20),
            cycles_credited: 0,
          },
          summary: [
            'Your Plus Monthly plan ends today and Pro Monthly starts at once, running until December 27, 2026.',
            'The 20 credits your Plus Monthly plan gave you and you have not used stay yours until December 17, 2026.',
          ],
        });
      }),
    );
    const calls = recordPaymentLinks();
    const { user } = renderPage();

    await user.click(await screen.findByRole('radio', { name: 'Monthly' }));
    await user.click(within(card('Pro')).getByRole('button', { name: 'Choose Pro' }));
    await user.click(await screen.findByRole('button', { name: 'Pay in INR' }));

    const dialog = await screen.findByRole('dialog', { name: 'Review your plan change' });
    expect(previews).toEqual([
      { service_type: 'pro_monthly', currency: 'INR', userId: 'user_123' },
    ]);
    expect(dialog).toHaveTextContent('Your Plus Monthly plan ends today and Pro Monthly starts');
    expect(dialog).toHaveTextContent('The 20 credits your Plus Monthly plan gave you');
    expect(within(dialog).getByText('Amount to pay').nextElementSibling).toHaveTextContent('₹800');
    expect(calls).toEqual([]);
    expect(assign).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment: ₹800' }));

    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('/checkout/sandbox/ord_42');
    });
    expect(calls).toEqual([
      {
        path: '/api/v1/generate-payment-link-inr',
        body: { service_type: 'pro_monthly', userId: 'user_123', amount: 0, quantity: 1 },
      },
    ]);
  });

  it('goes back from the review to the currency choice', async () => {
    mockSignedIn();
    mockSubscription('pro_monthly', { endingTimestamp: inDays(20) });
    server.use(planChangePreviewHandler({ kind: 'scheduled', summary: ['Plus waits.'] }));
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Choose Plus' }));
    await user.click(await screen.findByRole('button', { name: 'Pay in USD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review your plan change' });
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));

    expect(await screen.findByRole('dialog', { name: 'Choose your currency' })).toBeVisible();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says so when the payment link cannot be made, and stays on the page', async () => {
    mockSignedIn();
    server.use(
      http.post('/api/v1/generate-payment-link', () =>
        errorResponse(502, 'payment_provider_error', 'Stripe is down'),
      ),
    );
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Choose Pro' }));
    await user.click(await screen.findByRole('button', { name: 'Pay in USD' }));

    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to generate payment link. Please try again.',
    );
    expect(within(dialog).getByRole('button', { name: 'Pay in USD' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('additional actions', () => {
  it('lets paid users request a cancellation by email, with their subscription id', async () => {
    mockSignedIn();
    mockSubscription('pro_monthly', {
      subscriptionId: 'sub_1234567890abcdef',
      endingTimestamp: inDays(20),
    });
    renderPage();

    const link = await screen.findByRole('link', { name: 'Request Cancellation' });
    const href = new URL(link.getAttribute('href') ?? '');
    expect(href.protocol).toBe('mailto:');
    expect(href.searchParams.get('body')).toContain('sub_1234567890abcdef');
    expect(screen.getByText(/not self-service/)).toBeInTheDocument();
  });

  it('offers no cancellation to free users', async () => {
    mockSignedIn({ plan: 'free' });
    renderPage();

    await screen.findByRole('heading', { name: 'Your Current Plan' });
    expect(screen.queryByRole('link', { name: 'Request Cancellation' })).not.toBeInTheDocument();
  });

  it('links to the configured support address and to the contact page for custom plans', async () => {
    mockSignedIn();
    mockSiteInfo({ supportEmail: 'billing@shop.example' });
    renderPage();

    await waitFor(() => {
      expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
        'href',
        'mailto:billing@shop.example',
      );
    });
    expect(
      screen.getByText('Write to billing@shop.example and our team will help.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(screen.getByText(/Need a custom plan\?/)).toBeInTheDocument();
  });
});
