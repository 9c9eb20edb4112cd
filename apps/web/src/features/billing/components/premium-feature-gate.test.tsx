import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, renderWithProviders } from '@/testing/render';
import {
  errorResponse,
  mockSignedIn,
  mockSubscription,
  mockSubscriptionFailure,
  mockSubscriptionPending,
  server,
} from '@/testing/server';
import { PremiumFeatureGate } from './premium-feature-gate';

const DAY = 24 * 60 * 60 * 1000;

function renderGate() {
  return renderWithProviders(
    <PremiumFeatureGate requiredPlans={['pro', 'enterprise']} featureName="Video Generation">
      <p>Video studio</p>
    </PremiumFeatureGate>,
  );
}

/** A stand-in for the blank tab the gate opens; records where it was sent and whether it closed. */
function fakeTab() {
  const close = vi.fn();
  const tab = { location: { href: 'about:blank' }, closed: false, opener: {}, close };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, close, open };
}

describe('PremiumFeatureGate', () => {
  it('says it is checking while the status loads', async () => {
    mockSignedIn();
    mockSubscriptionPending();
    renderGate();

    expect(await screen.findByText('Checking subscription status...')).toBeInTheDocument();
    expect(screen.queryByText('Video studio')).not.toBeInTheDocument();
  });

  it.each([['pro_monthly'], ['pro_yearly'], ['enterprise']])(
    'shows the feature to %s',
    async (plan) => {
      mockSignedIn({ plan });
      renderGate();

      expect(await screen.findByText('Video studio')).toBeInTheDocument();
    },
  );

  it('shows the upgrade page with the current plan and the Pro benefits to other plans', async () => {
    mockSignedIn({ plan: 'plus_4months' });
    renderGate();

    expect(
      await screen.findByRole('heading', { name: 'Premium Feature - Pro Plan Required' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Video studio')).not.toBeInTheDocument();
    expect(screen.getByText('Plus 4 Months')).toBeInTheDocument();
    expect(screen.getByText('Unlimited AI Photoshoot (40 credits/month)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Plans' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  it("adds '(Expired)' to the plan name when the plan ended and there was an earlier one", async () => {
    mockSignedIn();
    mockSubscription('free', {
      endingTimestamp: new Date(Date.now() - DAY).toISOString(),
      previous_type: 'pro_monthly',
    });
    renderGate();

    expect(await screen.findByText('Free (Expired)')).toBeInTheDocument();
    expect(screen.getByText('Your Pro Monthly plan has ended.')).toBeInTheDocument();
  });

  it('offers Try Again when the status cannot be loaded', async () => {
    mockSignedIn();
    mockSubscriptionFailure();
    const { user } = renderGate();

    expect(
      await screen.findByRole('heading', { name: 'Error Loading Subscription' }),
    ).toBeInTheDocument();
    mockSubscription('pro_monthly');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('Video studio')).toBeInTheDocument();
  });
});

describe('Upgrade to Pro Plan', () => {
  it('opens the Pro monthly payment page in a new tab, showing Processing... meanwhile', async () => {
    mockSignedIn({ plan: 'free' });
    const { tab, open } = fakeTab();
    const bodies: unknown[] = [];
    let answer: () => void = () => undefined;
    server.use(
      http.post('/api/v1/generate-payment-link', async ({ request }) => {
        bodies.push(await request.json());
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({
          success: true,
          payment_link: 'https://checkout.stripe.test/pay/ord_7',
          orderId: 'ord_7',
        });
      }),
    );
    const { user } = renderGate();

    await user.click(await screen.findByRole('button', { name: 'Upgrade to Pro Plan' }));

    // The tab is opened during the click, before the link exists, so popup blockers allow it.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    answer();
    await waitFor(() => {
      expect(tab.location.href).toBe('https://checkout.stripe.test/pay/ord_7');
    });
    expect(tab.opener).toBeNull();
    expect(bodies).toEqual([
      { service_type: 'pro_monthly', userId: 'user_123', amount: 0, quantity: 1 },
    ]);
    expect(await screen.findByRole('button', { name: 'Upgrade to Pro Plan' })).toBeEnabled();
  });

  it('sends the sandbox path to the new tab as a full address', async () => {
    mockSignedIn({ plan: 'free' });
    const { tab } = fakeTab();
    const { user } = renderGate();

    await user.click(await screen.findByRole('button', { name: 'Upgrade to Pro Plan' }));

    await waitFor(() => {
      expect(tab.location.href).toBe(`${window.location.origin}/checkout/sandbox/ord_sandbox_1`);
    });
  });

  it('pays in rupees through the INR endpoint in India', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'Asia/Kolkata',
    });
    mockSignedIn({ plan: 'plus_monthly' });
    const { tab } = fakeTab();
    let inrCalls = 0;
    server.use(
      http.post('/api/v1/generate-payment-link-inr', () => {
        inrCalls += 1;
        return HttpResponse.json({
          success: true,
          payment_link: 'https://rzp.test/pay/ord_8',
          orderId: 'ord_8',
        });
      }),
    );
    const { user } = renderGate();

    await user.click(await screen.findByRole('button', { name: 'Upgrade to Pro Plan' }));

    await waitFor(() => {
      expect(tab.location.href).toBe('https://rzp.test/pay/ord_8');
    });
    expect(inrCalls).toBe(1);
  });

  it('closes the tab and says so when the link cannot be made', async () => {
    mockSignedIn({ plan: 'free' });
    const { close } = fakeTab();
    server.use(
      http.post('/api/v1/generate-payment-link', () =>
        errorResponse(502, 'payment_provider_error', 'Stripe is down'),
      ),
    );
    const { user } = renderGate();

    await user.click(await screen.findByRole('button', { name: 'Upgrade to Pro Plan' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to generate payment link. Please try again.',
    );
    expect(close).toHaveBeenCalled();
  });
});

describe('/upgrade', () => {
  it('tells Pro members they already have the plan', async () => {
    mockSignedIn({ plan: 'pro_4months' });
    renderApp('/upgrade');

    expect(
      await screen.findByRole('heading', { name: 'You are on the Pro plan' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it('shows the upgrade page to free users', async () => {
    mockSignedIn({ plan: 'free' });
    renderApp('/upgrade');

    expect(
      await screen.findByRole('heading', { name: 'Premium Feature - Pro Plan Required' }),
    ).toBeInTheDocument();
  });

  it('names Video Generation as what needs Pro, not the Canvas Editor every plan may open', async () => {
    mockSignedIn({ plan: 'free' });
    renderApp('/upgrade');

    expect(
      await screen.findByText('To use Video Generation, upgrade to the Pro plan.'),
    ).toBeVisible();
    expect(screen.queryByText(/To use the Canvas Editor/i)).not.toBeInTheDocument();
  });

  it('sells Pro with the Pro card’s lines and the tool list’s names', async () => {
    mockSignedIn({ plan: 'plus_monthly' });
    renderApp('/upgrade');

    const benefits = await screen.findByRole('list', { name: 'What you get with Pro' });
    expect(
      within(benefits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Unlimited AI Photoshoot (40 credits/month)',
      'Clothes AI Photoshoot',
      'Advance Clothes AI Photoshoot',
      'AI Designer',
      'AI Pose Change',
      'Fashion Extractor',
      'Product AI Photoshoot',
      'Colourways',
      'Angle Set',
      'Canvas Editor: Video Generation, Image Upscaler and Background Removal',
      'Listing Image',
      'Performance, Balanced and Quality modes',
      'Unlimited gallery storage',
    ]);
  });

  it('shows Pro members what their plan includes, as the Pro card does', async () => {
    mockSignedIn({ plan: 'pro_monthly' });
    renderApp('/upgrade');

    const included = await screen.findByRole('list', { name: 'Included in Pro' });
    expect(
      within(included).getByText(
        'Canvas Editor: Video Generation, Image Upscaler and Background Removal',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/The Canvas Editor, video generation/)).not.toBeInTheDocument();
  });
});

describe('a feature the Plus plan opens (the fashion extractor)', () => {
  function renderPlusGate() {
    return renderWithProviders(
      <PremiumFeatureGate
        requiredPlans={['plus', 'pro', 'enterprise']}
        featureName="Fashion Extractor"
      >
        <p>Extractor</p>
      </PremiumFeatureGate>,
    );
  }

  it.each([['plus'], ['plus_4months'], ['pro_monthly'], ['enterprise']])(
    'shows the feature to %s',
    async (plan) => {
      mockSignedIn({ plan });
      renderPlusGate();

      expect(await screen.findByText('Extractor')).toBeInTheDocument();
    },
  );

  it('names the Plus plan it really needs, with its benefits, and buys Plus monthly', async () => {
    mockSignedIn({ plan: 'free' });
    const { tab } = fakeTab();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/v1/generate-payment-link', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          success: true,
          payment_link: 'https://checkout.stripe.test/pay/ord_9',
          orderId: 'ord_9',
        });
      }),
    );
    const { user } = renderPlusGate();

    expect(
      await screen.findByRole('heading', { name: 'Premium Feature - Plus Plan Required' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Extractor')).not.toBeInTheDocument();
    expect(screen.getByText('To use Fashion Extractor, upgrade to the Plus plan.')).toBeVisible();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText('What you get with Plus')).toBeInTheDocument();
    expect(screen.getByText('Fashion Extractor')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Plans' })).toHaveAttribute(
      'href',
      '/subscription',
    );

    await user.click(screen.getByRole('button', { name: 'Upgrade to Plus Plan' }));

    await waitFor(() => {
      expect(tab.location.href).toBe('https://checkout.stripe.test/pay/ord_9');
    });
    expect(bodies).toEqual([
      { service_type: 'plus_monthly', userId: 'user_123', amount: 0, quantity: 1 },
    ]);
  });

  it("adds '(Expired)' when a Plus plan ended", async () => {
    mockSignedIn();
    mockSubscription('free', {
      endingTimestamp: new Date(Date.now() - DAY).toISOString(),
      previous_type: 'plus_monthly',
    });
    renderPlusGate();

    expect(await screen.findByText('Free (Expired)')).toBeInTheDocument();
    expect(screen.getByText('Your Plus Monthly plan has ended.')).toBeInTheDocument();
  });
});
