import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation, renderApp } from '@/testing/render';
import { mockSession, mockSessionPending, mockSignedIn, server } from '@/testing/server';
import { http, HttpResponse } from 'msw';

describe('route guards', () => {
  it("shows a full-screen 'Loading...' while the session is loading", async () => {
    mockSessionPending();
    renderApp('/gallery');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/gallery');
  });

  it('sends signed-out visitors of a guarded page to /login and remembers the page', async () => {
    mockSession(null);
    renderApp('/gallery?page=2');

    expect(
      await screen.findByRole('heading', { name: 'Welcome to AI Product Studio' }),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe('/login?redirect=%2Fgallery%3Fpage%3D2');
  });

  it('sends signed-out visitors of an unknown path to /login too', async () => {
    mockSession(null);
    renderApp('/no-such-page');

    await screen.findByRole('heading', { name: 'Welcome to AI Product Studio' });
    expect(currentLocation()).toBe('/login?redirect=%2Fno-such-page');
  });

  it('sends signed-in users away from /login to /', async () => {
    mockSignedIn();
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
  });

  it('sends signed-in users on /login to the page they were going to', async () => {
    mockSignedIn();
    renderApp('/login?redirect=%2Fcredit-history');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Credit History' }),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe('/credit-history');
  });

  it('never redirects off the site from the redirect parameter', async () => {
    mockSignedIn();
    renderApp('/login?redirect=%2F%2Fevil.example');

    await screen.findByRole('heading', { name: 'Welcome back, Ada' });
    expect(currentLocation()).toBe('/');
  });

  it('shows the page inside the shell for signed-in users', async () => {
    mockSignedIn();
    renderApp('/gallery');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'My Gallery' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('offers a retry instead of the login screen when the session check fails', async () => {
    server.use(http.get('/api/v1/session', () => HttpResponse.json({}, { status: 503 })));
    const { user } = renderApp('/gallery');

    expect(
      await screen.findByRole('heading', { name: "We can't reach AI Product Studio" }),
    ).toBeInTheDocument();
    mockSignedIn();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'My Gallery' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
