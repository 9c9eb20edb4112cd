import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountSummaryProvider } from '@/features/account';
import { renderWithProviders } from '@/testing/render';
import {
  mockCredits,
  mockSession,
  mockSignedIn,
  mockSubscriptionPending,
  server,
  testUser,
} from '@/testing/server';
import { Sidebar } from './sidebar';

function sidebar(collapsed: boolean, mobileOpen: boolean, onToggleCollapsed = vi.fn()) {
  return (
    <AccountSummaryProvider>
      <Sidebar
        collapsed={collapsed}
        onToggleCollapsed={onToggleCollapsed}
        mobileOpen={mobileOpen}
        onCloseMobile={() => undefined}
      />
    </AccountSummaryProvider>
  );
}

function renderSidebar(path = '/', collapsed = false, mobileOpen = false) {
  const onToggleCollapsed = vi.fn();
  const result = renderWithProviders(sidebar(collapsed, mobileOpen, onToggleCollapsed), { path });
  return { ...result, onToggleCollapsed };
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('Sidebar navigation', () => {
  it('lists the pages in the spec order with their paths', async () => {
    mockSignedIn();
    renderSidebar();
    await screen.findByText('Free Plan');

    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['Clothes AI Photoshoot', '/try-on'],
      ['Advance Clothes AI Photoshoot', '/realistic-photoshoot'],
      ['AI Designer', '/ai-designer'],
      ['AI Pose Change', '/ai-poses'],
      ['Fashion Extractor', '/fashion-extractor'],
      ['Product AI Photoshoot', '/photoshoot'],
      ['Colourways', '/colourways'],
      ['Angle Sets', '/angle-sets'],
      ['Canvas Editor', '/canvas-editor'],
      ['My Gallery', '/gallery'],
      ['Credit History', '/credit-history'],
      ['Analytics', '/analytics'],
      ['Subscription', '/subscription'],
    ]);
  });

  it('marks only Dashboard as current on /', async () => {
    mockSignedIn();
    renderSidebar('/');
    await screen.findByText('Free Plan');

    const current = within(mainNav())
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Dashboard']);
  });

  it('marks the section of a nested path as current, not Dashboard', async () => {
    mockSignedIn();
    renderSidebar('/gallery/x');
    await screen.findByText('Free Plan');

    expect(within(mainNav()).getByRole('link', { name: 'My Gallery' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(mainNav()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('keeps the labels as accessible names when collapsed', async () => {
    mockSignedIn();
    const { user, onToggleCollapsed } = renderSidebar('/', true);
    await screen.findByText('Free Plan');

    expect(within(mainNav()).getByRole('link', { name: 'Canvas Editor' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(onToggleCollapsed).toHaveBeenCalledOnce();
  });
});

describe('Collapsed sidebar tooltips', () => {
  /** The rail exists from md up; jsdom's matchMedia says "no" to every query by default. */
  function atWidth(width: number) {
    vi.restoreAllMocks();
    const matchMedia = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      Object.assign(matchMedia(query), {
        matches: query === '(min-width: 768px)' && width >= 768,
      }),
    );
  }
  const onDesktop = () => {
    atWidth(1440);
  };
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('names an icon-only link in a tooltip on hover, and hides it when the pointer leaves', async () => {
    onDesktop();
    mockSignedIn();
    const { user } = renderSidebar('/', true);
    await screen.findByText('Free Plan');

    const gallery = within(mainNav()).getByRole('link', { name: 'My Gallery' });
    await user.hover(gallery);
    expect(screen.getByRole('tooltip')).toHaveTextContent('My Gallery');
    await user.unhover(gallery);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows the tooltip on keyboard focus too, and Escape dismisses it', async () => {
    onDesktop();
    mockSignedIn();
    const { user } = renderSidebar('/', true);
    await screen.findByText('Free Plan');

    const expand = screen.getByRole('button', { name: 'Expand sidebar' });
    act(() => {
      expand.focus();
    });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Expand sidebar');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(expand).toHaveFocus();
  });

  it('shows no tooltip where the labels are visible: expanded, or the phone panel', async () => {
    atWidth(390);
    mockSignedIn();
    const { user, unmount } = renderSidebar('/', true, true);
    await screen.findByText('Free Plan');
    // The phone panel is always wide: its labels are on screen even when the rail is collapsed.
    await user.hover(within(mainNav()).getByRole('link', { name: 'My Gallery' }));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    unmount();

    onDesktop();
    renderSidebar('/', false);
    await screen.findByText('Free Plan');
    await user.hover(within(mainNav()).getByRole('link', { name: 'My Gallery' }));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

describe('Sidebar on a phone', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('makes its links and account block the first time the panel opens, and keeps them as it closes', async () => {
    const matchMedia = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      Object.assign(matchMedia(query), { matches: false }),
    );
    mockSignedIn();
    function Phone() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setOpen(!open);
            }}
          >
            {open ? 'Close' : 'Open'}
          </button>
          {sidebar(false, open)}
        </>
      );
    }
    const { user } = renderWithProviders(<Phone />);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your account' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(within(mainNav()).getByRole('link', { name: 'My Gallery' })).toBeInTheDocument();
    expect(await screen.findByText('Free Plan')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(within(mainNav()).getByRole('link', { name: 'My Gallery' })).toBeInTheDocument();
  });
});

describe('Sidebar account block', () => {
  it('shows the name, plan, email, credits and Logout', async () => {
    mockSignedIn({ credits: 1250, plan: 'free' });
    renderSidebar();

    const account = screen.getByRole('region', { name: 'Your account' });
    expect(await within(account).findByText('Free Plan')).toBeInTheDocument();
    expect(within(account).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(account).getByText('ada.lovelace@example.com')).toBeInTheDocument();
    expect(
      await within(account).findByText(`${(1250).toLocaleString()} credits`),
    ).toBeInTheDocument();
    expect(within(account).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("says 'Loading...' for the plan and hides the promo until the subscription loads", async () => {
    mockSignedIn();
    mockSubscriptionPending();
    renderSidebar();

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade Now' })).not.toBeInTheDocument();
  });

  it.each([
    ['pro_monthly', 'Pro Plan'],
    ['enterprise', 'Enterprise Plan'],
  ])('labels %s as %s without the upgrade promo', async (type, label) => {
    mockSignedIn({ plan: type });
    renderSidebar();

    expect(await screen.findByText(label)).toBeInTheDocument();
    expect(screen.queryByText('Upgrade to Pro')).not.toBeInTheDocument();
  });

  it.each([
    ['free', 'Free Plan'],
    ['plus_4months', 'Plus Plan'],
  ])('labels %s as %s and offers the upgrade', async (type, label) => {
    mockSignedIn({ plan: type });
    renderSidebar();

    expect(await screen.findByText(label)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/upgrade');
  });

  it.each([
    ['404 (not built yet)', 404],
    ['500', 500],
  ])('treats a failed subscription call (%s) as the free plan', async (_label, status) => {
    mockSession(testUser);
    mockCredits(12);
    server.use(http.post('/api/v1/subscription/status', () => HttpResponse.json({}, { status })));
    renderSidebar();

    expect(await screen.findByText('Free Plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toBeInTheDocument();
  });

  it('falls back to a generic user icon when the picture fails to load', async () => {
    mockSignedIn({ user: { ...testUser, image: 'https://images.example/ada.png' } });
    renderSidebar();
    const account = screen.getByRole('region', { name: 'Your account' });
    await within(account).findByText('Free Plan');

    const picture = account.querySelector('img');
    expect(picture).toHaveAttribute('src', 'https://images.example/ada.png');
    fireEvent.error(picture as HTMLImageElement);

    expect(account.querySelector('img')).toBeNull();
    expect(account.querySelector('svg.lucide-user-round')).not.toBeNull();
  });
});
