import { act, screen, within } from '@testing-library/react';
import type { PromoBanner as PromoBannerData } from '@studio/contract';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { errorResponse, server } from '@/testing/server';
import { testPromoBanner } from '@/testing/promo-handlers';
import { promoBannerQueryKey } from '../api/promo-banner';
import { PromoBanner } from './promo-banner';

type Answer = PromoBannerData | null | 'error' | 'hang';

/** Each call takes the next answer (the last one repeats); returns the number of calls so far. */
function mockPromo(...answers: Answer[]) {
  const signals: AbortSignal[] = [];
  server.use(
    http.get('/api/v1/promo-banner', async ({ request }) => {
      signals.push(request.signal);
      const answer = answers[Math.min(signals.length - 1, answers.length - 1)];
      if (answer === 'hang') {
        await delay('infinite');
        return new HttpResponse(null, { status: 204 });
      }
      if (answer === 'error') return errorResponse(503, 'unavailable', 'Try later');
      if (answer === null) return new HttpResponse(null, { status: 204 });
      return HttpResponse.json(answer);
    }),
  );
  return { calls: () => signals.length, signals };
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function renderBanner() {
  return renderWithProviders(<PromoBanner />, {
    userEventOptions: { advanceTimers: vi.advanceTimersByTime },
  });
}

/** The banner region (lazy card: allow its chunk to load). */
const findBanner = () => screen.findByRole('region', { name: 'Festive sale' });
const queryBanner = () => screen.queryByRole('region', { name: 'Festive sale' });

/** Waits until the query has an answer (the 1 s starts then). */
async function settled(queryClient: ReturnType<typeof renderBanner>['queryClient']) {
  await vi.waitFor(() => {
    expect(queryClient.getQueryState(promoBannerQueryKey)?.status).toBe('success');
  });
}

function setTabVisible(visible: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (visible ? 'visible' : 'hidden'),
  });
  act(() => {
    window.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeEach(() => {
  // Timers advance by themselves (so MSW and Testing Library keep working) and can be jumped.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-12-01T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('PromoBanner', () => {
  it('stays hidden when no banner is live, and does not ask again', async () => {
    const promo = mockPromo(null);
    renderBanner();
    await vi.waitFor(() => {
      expect(promo.calls()).toBe(1);
    });
    await advance(11 * 60_000);
    setTabVisible(false);
    setTabVisible(true);
    await advance(1_000);
    expect(queryBanner()).not.toBeInTheDocument();
    expect(promo.calls()).toBe(1);
  });

  it('shows the banner 1 s after it arrives, as a named region with every field', async () => {
    mockPromo(testPromoBanner());
    const { queryClient } = renderBanner();
    await settled(queryClient);
    await advance(900);
    expect(queryBanner()).not.toBeInTheDocument();
    await advance(100);

    const banner = await findBanner();
    expect(banner).toHaveAttribute('data-variant', 'urgent');
    expect(within(banner).getByRole('heading', { name: 'Festive sale' })).toBeInTheDocument();
    expect(banner).toHaveTextContent('50% OFF');
    expect(banner).toHaveTextContent('On every Pro plan this week');
    expect(within(banner).getByRole('link', { name: 'Upgrade now' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it('counts down each second and hides at zero, then asks no more', async () => {
    const promo = mockPromo(testPromoBanner(5));
    const { queryClient } = renderBanner();
    await settled(queryClient);
    await advance(1_000);
    const timer = within(await findBanner()).getByRole('timer');
    expect(timer).toHaveTextContent('00:00:04');
    await advance(1_000);
    expect(timer).toHaveTextContent('00:00:03');
    await advance(1_000);
    expect(timer).toHaveTextContent('00:00:02');
    await advance(1_000);
    expect(timer).toHaveTextContent('00:00:01');
    await advance(1_000);
    expect(queryBanner()).not.toBeInTheDocument();

    await advance(10 * 60_000);
    setTabVisible(false);
    setTabVisible(true);
    await advance(1_000);
    expect(promo.calls()).toBe(1);
  });

  it('is dismissed for the session: gone now, and not fetched or shown on the next visit', async () => {
    const promo = mockPromo(testPromoBanner());
    const { queryClient, user, unmount } = renderBanner();
    await settled(queryClient);
    await advance(1_000);
    const banner = await findBanner();
    await user.click(within(banner).getByRole('button', { name: 'Dismiss promotion' }));
    expect(queryBanner()).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('promo-banner-dismissed')).toBe('1');
    await advance(10 * 60_000);
    expect(promo.calls()).toBe(1);

    unmount();
    renderBanner();
    await advance(2_000);
    expect(queryBanner()).not.toBeInTheDocument();
    expect(promo.calls()).toBe(1);
  });

  it('on a fetch error tries 2 more times 15 s apart, then stays hidden', async () => {
    const promo = mockPromo('error');
    renderBanner();
    await vi.waitFor(() => {
      expect(promo.calls()).toBe(1);
    });
    // Real time also moves the fake clock a little, hence the half-second margins.
    await advance(14_500);
    expect(promo.calls()).toBe(1);
    await advance(1_000);
    expect(promo.calls()).toBe(2);
    await advance(14_000);
    expect(promo.calls()).toBe(2);
    await advance(1_000);
    expect(promo.calls()).toBe(3);

    await advance(11 * 60_000);
    setTabVisible(false);
    setTabVisible(true);
    await advance(1_000);
    expect(promo.calls()).toBe(3);
    expect(queryBanner()).not.toBeInTheDocument();
  });

  it('shows the banner when a retry succeeds', async () => {
    const promo = mockPromo('error', testPromoBanner());
    renderBanner();
    await advance(15_000);
    await vi.waitFor(() => {
      expect(promo.calls()).toBe(2);
    });
    await advance(1_000);
    expect(await findBanner()).toBeInTheDocument();
  });

  it('gives up on a request after 10 s and retries it like any failure', async () => {
    const promo = mockPromo('hang', testPromoBanner());
    renderBanner();
    await vi.waitFor(() => {
      expect(promo.calls()).toBe(1);
    });
    await advance(9_500);
    expect(promo.signals[0]?.aborted).toBe(false);
    await advance(1_000);
    expect(promo.signals[0]?.aborted).toBe(true);
    // The retry comes 15 s after the timeout, and its answer shows.
    await advance(14_000);
    expect(promo.calls()).toBe(1);
    await advance(1_000);
    expect(promo.calls()).toBe(2);
    await advance(1_000);
    expect(await findBanner()).toBeInTheDocument();
  });

  it('hides after three requests that each time out', async () => {
    const promo = mockPromo('hang');
    renderBanner();
    // 10 s timeout, 15 s pause, twice more: 60 s in all.
    await advance(60_000);
    expect(promo.calls()).toBe(3);
    expect(promo.signals.every((signal) => signal.aborted)).toBe(true);
    await advance(11 * 60_000);
    expect(promo.calls()).toBe(3);
    expect(queryBanner()).not.toBeInTheDocument();
  });

  it('while shown, asks again every 10 minutes and shows what comes back', async () => {
    const promo = mockPromo(
      testPromoBanner(),
      testPromoBanner(2 * 60 * 60, { title: 'Festive sale', discount: '60% OFF' }),
      null,
    );
    const { queryClient } = renderBanner();
    await settled(queryClient);
    await advance(1_000);
    expect(await findBanner()).toHaveTextContent('50% OFF');

    await advance(10 * 60_000 - 1_000 - 500);
    expect(promo.calls()).toBe(1);
    await advance(1_000);
    expect(promo.calls()).toBe(2);
    await vi.waitFor(() => {
      expect(screen.getByRole('region', { name: 'Festive sale' })).toHaveTextContent('60% OFF');
    });

    // The next answer says nothing is live any more: the banner goes.
    await advance(10 * 60_000);
    await vi.waitFor(() => {
      expect(queryBanner()).not.toBeInTheDocument();
    });
    expect(promo.calls()).toBe(3);
  });

  it('while shown, asks again when the tab becomes visible', async () => {
    const promo = mockPromo(testPromoBanner());
    const { queryClient } = renderBanner();
    await settled(queryClient);
    await advance(1_000);
    await findBanner();

    setTabVisible(false);
    expect(promo.calls()).toBe(1);
    setTabVisible(true);
    await vi.waitFor(() => {
      expect(promo.calls()).toBe(2);
    });
    expect(await findBanner()).toBeInTheDocument();
  });

  it('does not ask again on tab visibility while retrying', async () => {
    const promo = mockPromo(testPromoBanner(), 'error');
    const { queryClient } = renderBanner();
    await settled(queryClient);
    await advance(1_000);
    await findBanner();
    // The 10-minute refetch fails: a retry is pending for 15 s.
    await advance(10 * 60_000);
    await vi.waitFor(() => {
      expect(promo.calls()).toBe(2);
    });
    setTabVisible(false);
    setTabVisible(true);
    await advance(1_000);
    expect(promo.calls()).toBe(2);
    // The banner stays while retrying, and goes once both retries failed.
    expect(await findBanner()).toBeInTheDocument();
    await advance(30_000);
    await vi.waitFor(() => {
      expect(promo.calls()).toBe(4);
    });
    await vi.waitFor(() => {
      expect(queryBanner()).not.toBeInTheDocument();
    });
  });

  it('announces the time left politely, never the ticking number', async () => {
    mockPromo(testPromoBanner(2 * 60 * 60 + 5));
    const { queryClient } = renderBanner();
    await settled(queryClient);
    await advance(1_000);
    const banner = await findBanner();
    const timer = within(banner).getByRole('timer');
    expect(timer).toHaveAttribute('aria-live', 'off');
    expect(timer).toHaveTextContent('02:00:04');
    const summary = banner.querySelector('[aria-live="polite"]');
    expect(summary).toHaveTextContent('Offer ends in 2 hours');
    await advance(5_000);
    expect(timer).toHaveTextContent('01:59:59');
    expect(summary).toHaveTextContent('Offer ends in 1 hour');
    await advance(60_000);
    expect(summary).toHaveTextContent('Offer ends in 1 hour');
  });

  it('styles each variant apart and opens an https call to action in a new tab', async () => {
    mockPromo(
      testPromoBanner(3 * 24 * 60 * 60 + 2, {
        variant: 'gift',
        cta_link: 'https://shop.example.com/sale',
        discount: '',
        sub_message: '',
      }),
    );
    const { queryClient } = renderBanner();
    await settled(queryClient);
    await advance(1_000);
    const banner = await findBanner();
    expect(banner).toHaveAttribute('data-variant', 'gift');
    expect(banner.className).toContain('from-emerald-700');
    expect(within(banner).getByRole('timer')).toHaveTextContent('3d 00:00:01');
    const link = within(banner).getByRole('link', { name: /Upgrade now/ });
    expect(link).toHaveAttribute('href', 'https://shop.example.com/sale');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName('Upgrade now (opens in a new tab)');
  });

  it('shows the end date instead of the countdown until the last timer_duration minutes', async () => {
    mockPromo(testPromoBanner(31 * 60, { timer_duration: 30, variant: 'default' }));
    const { queryClient } = renderBanner();
    await settled(queryClient);
    await advance(1_000);
    const banner = await findBanner();
    expect(banner.className).toContain('from-brand-700');
    expect(within(banner).queryByRole('timer')).not.toBeInTheDocument();
    expect(banner).toHaveTextContent('Offer ends');
    await advance(60_000);
    expect(within(banner).getByRole('timer')).toHaveTextContent('00:29:59');
  });

  it('never shows a banner whose link is not a same-site path or https', async () => {
    const promo = mockPromo(testPromoBanner(7200, { cta_link: 'javascript:alert(1)' }));
    renderBanner();
    await advance(32_000);
    expect(promo.calls()).toBe(3);
    expect(queryBanner()).not.toBeInTheDocument();
  });
});
