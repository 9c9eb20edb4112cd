import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentLocation, renderApp, renderWithProviders } from '@/testing/render';
import {
  mockCreditsFailure,
  mockProfile,
  mockSession,
  mockSignedIn,
  mockSubscription,
  server,
  testUser,
} from '@/testing/server';
import { AccountSummaryProvider } from '@/features/account';
import { Header } from './header';

function renderHeader(path = '/') {
  return renderWithProviders(
    <AccountSummaryProvider>
      <Header onOpenMobileNav={() => undefined} mobileNavOpen={false} sidebarId="sidebar" />
    </AccountSummaryProvider>,
    {
      path,
    },
  );
}

describe('Header', () => {
  it.each([
    ['/try-on', 'Clothes AI Photoshoot'],
    ['/canvas-editor', 'Canvas Editor'],
    ['/account-settings', 'Account Settings'],
    ['/gallery', 'My Gallery'],
    ['/settings', 'Settings'],
  ])('titles %s as "%s"', async (path, title) => {
    mockSignedIn();
    renderHeader(path);

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(title);
  });

  it('shows no title on the dashboard', async () => {
    mockSignedIn();
    renderHeader('/');

    await screen.findByText('Logged In');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it("shows 'Demo Mode' when signed out", async () => {
    mockSession(null);
    renderHeader();

    expect(await screen.findByText('Demo Mode')).toBeInTheDocument();
    expect(screen.queryByText('Logged In')).not.toBeInTheDocument();
    expect(screen.queryByText(/credits?$/)).not.toBeInTheDocument();
  });

  it("shows 'Logged In' and the credit balance when signed in", async () => {
    mockSignedIn({ credits: 12 });
    renderHeader();

    expect(await screen.findByText('12 credits')).toBeInTheDocument();
    expect(screen.getByText('Logged In')).toBeInTheDocument();
    expect(screen.queryByText('Demo Mode')).not.toBeInTheDocument();
  });

  it('shows 0 credits when the credits call fails', async () => {
    mockSession(testUser);
    mockSubscription('free');
    mockCreditsFailure();
    renderHeader();

    expect(await screen.findByText('0 credits')).toBeInTheDocument();
  });

  it('shows 0 credits when the credits answer is malformed', async () => {
    mockSession(testUser);
    mockSubscription('free');
    server.use(
      http.post('/api/v1/user/credits', () => HttpResponse.json({ success: false, credits: 99 })),
    );
    renderHeader();

    expect(await screen.findByText('0 credits')).toBeInTheDocument();
  });

  it('shows the first word of the profile name on the menu button', async () => {
    mockSignedIn();
    mockProfile({ name: 'Grace Brewster Hopper' });
    renderHeader();

    expect(
      await within(screen.getByRole('button', { name: 'Account menu' })).findByText('Grace'),
    ).toBeInTheDocument();
  });
});

describe('user menu', () => {
  it('shows the name, email and account links, and closes on an outside click', async () => {
    mockSignedIn();
    const { user } = renderHeader('/try-on');
    await screen.findByText('12 credits');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(menu).getByText('ada.lovelace@example.com')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Account Settings', 'Settings', 'Developers', 'Logout']);

    await user.click(screen.getByRole('heading', { name: 'Clothes AI Photoshoot' }));

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to its button', async () => {
    mockSignedIn();
    const { user } = renderHeader();
    await screen.findByText('12 credits');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
  });

  it('goes to the profile page', async () => {
    mockSignedIn();
    const { user } = renderHeader('/gallery');
    await screen.findByText('12 credits');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));

    expect(currentLocation()).toBe('/profile');
  });

  it('goes to Settings (change password), which no other menu leads to (ADR 050)', async () => {
    mockSignedIn();
    const { user } = renderHeader('/gallery');
    await screen.findByText('12 credits');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));

    expect(currentLocation()).toBe('/settings');
  });

  it('logs out to the login screen', async () => {
    let signedOut = false;
    mockSignedIn();
    server.use(
      http.post('/api/auth/sign-out', () => {
        signedOut = true;
        mockSession(null);
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = renderApp('/gallery');
    await within(await screen.findByRole('banner')).findByText('12 credits');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(
      await screen.findByRole('heading', { name: 'Welcome to AI Product Studio' }),
    ).toBeInTheDocument();
    expect(signedOut).toBe(true);
    expect(currentLocation()).toBe('/login');
  });

  it("logs out from the sidebar's Logout too (its code loads on the click)", async () => {
    let signedOut = false;
    mockSignedIn();
    server.use(
      http.post('/api/auth/sign-out', () => {
        signedOut = true;
        mockSession(null);
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = renderApp('/gallery');
    const account = await screen.findByRole('region', { name: 'Your account' });

    await user.click(await within(account).findByRole('button', { name: 'Logout' }));

    expect(
      await screen.findByRole('heading', { name: 'Welcome to AI Product Studio' }),
    ).toBeInTheDocument();
    expect(signedOut).toBe(true);
    expect(currentLocation()).toBe('/login');
  });
});
