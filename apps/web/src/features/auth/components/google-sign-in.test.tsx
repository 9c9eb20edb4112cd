import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { currentLocation, renderApp } from '@/testing/render';
import { mockSession, mockSignedIn, server, testUser } from '@/testing/server';

interface FakePopup {
  closed: boolean;
  location: { href: string };
  close: () => void;
}

let openSpy: MockInstance<typeof window.open>;

/** Stands in for the window `window.open` returns; `null` plays a popup blocker. */
function stubPopup(blocked = false): FakePopup {
  const popup: FakePopup = {
    closed: false,
    location: { href: '' },
    close: vi.fn(() => {
      popup.closed = true;
    }),
  };
  openSpy = vi.spyOn(window, 'open').mockReturnValue(blocked ? null : (popup as unknown as Window));
  return popup;
}

/** What /auth/popup-complete posts to the login page. */
function popupReports(result: { ok: boolean; error?: string | null; message?: string | null }) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'studio-google-sign-in', error: null, message: null, ...result },
        origin: window.location.origin,
      }),
    );
  });
}

async function openLogin(path = '/login', options: Parameters<typeof renderApp>[1] = {}) {
  mockSession(null);
  const rendered = renderApp(path, options);
  await screen.findByRole('heading', { name: 'Welcome to AI Product Studio' });
  return rendered;
}

async function startGoogleSignIn(user: Awaited<ReturnType<typeof openLogin>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
}

describe('Google sign-in', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the popup at once and sends it to the provider', async () => {
    const popup = stubPopup();
    let body: unknown;
    server.use(
      http.post('/api/auth/sign-in/social', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ url: 'https://idp.example/authorize?state=1', redirect: false });
      }),
    );
    const { user } = await openLogin();

    await startGoogleSignIn(user);

    expect(openSpy).toHaveBeenCalledWith('', 'google-sign-in', 'width=500,height=640');
    expect(screen.getByRole('status')).toHaveTextContent('Connecting to Google...');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    await waitFor(() => {
      expect(popup.location.href).toBe('https://idp.example/authorize?state=1');
    });
    expect(body).toEqual({
      provider: 'google',
      callbackURL: '/auth/popup-complete?status=success',
      newUserCallbackURL: '/auth/popup-complete?status=success',
      errorCallbackURL: '/auth/popup-complete',
      disableRedirect: true,
    });
  });

  it('shows success, then after 1.5 s goes to the saved page and asks to complete the profile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const popup = stubPopup();
    const { user } = await openLogin('/login?redirect=%2Fgallery', {
      userEventOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    await startGoogleSignIn(user);
    await waitFor(() => {
      expect(popup.location.href).not.toBe('');
    });

    // The popup finished: the browser now holds the session cookie.
    mockSignedIn();
    popupReports({ ok: true });

    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent(
        'Authentication successful! Redirecting...',
      );
    });
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(currentLocation()).toBe('/login?redirect=%2Fgallery');

    await act(() => vi.advanceTimersByTimeAsync(100));

    // Google sign-in with no company or phone yet: the profile prompt opens over the page.
    expect(
      await screen.findByRole('dialog', { name: 'Complete Your Profile' }),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe('/gallery');
    // The page's own chunk may still be loading under the prompt (slow on a busy machine).
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: 'My Gallery', hidden: true },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('keeps the success message up even if the session refreshes meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const popup = stubPopup();
    const { user, queryClient } = await openLogin('/login', {
      userEventOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    await startGoogleSignIn(user);
    await waitFor(() => {
      expect(popup.location.href).not.toBe('');
    });
    mockSignedIn();
    popupReports({ ok: true });
    await screen.findByText('Authentication successful! Redirecting...');

    // e.g. the window regains focus when the popup closes and the session is read again.
    await act(() => queryClient.refetchQueries({ queryKey: ['auth', 'session'] }));

    expect(screen.getByText('Authentication successful! Redirecting...')).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => {
      expect(currentLocation()).toBe('/');
    });
  });

  it('says the popup was closed when the user closes it before finishing', async () => {
    const popup = stubPopup();
    const { user } = await openLogin();
    await startGoogleSignIn(user);
    await waitFor(() => {
      expect(popup.location.href).not.toBe('');
    });

    popup.closed = true;

    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('Google sign-in failed');
    expect(alert).toHaveTextContent('Sign-in popup was closed before completing the sign in');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(currentLocation()).toBe('/login');
  });

  it('treats a closed popup as success when the session shows the sign-in went through', async () => {
    const popup = stubPopup();
    const { user } = await openLogin();
    await startGoogleSignIn(user);
    await waitFor(() => {
      expect(popup.location.href).not.toBe('');
    });

    server.use(http.get('/api/v1/session', () => HttpResponse.json({ user: testUser })));
    popup.closed = true;

    expect(
      await screen.findByText('Authentication successful! Redirecting...', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('says the popup was blocked when the browser refuses to open it', async () => {
    stubPopup(true);
    const { user } = await openLogin();

    await startGoogleSignIn(user);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Google sign-in failed');
    expect(alert).toHaveTextContent('Sign-in popup was blocked by browser');
  });

  it('says the popup was cancelled when the user declines at the provider', async () => {
    const popup = stubPopup();
    const { user } = await openLogin();
    await startGoogleSignIn(user);
    await waitFor(() => {
      expect(popup.location.href).not.toBe('');
    });

    popupReports({ ok: false, error: 'access_denied' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Google sign-in failed');
    expect(alert).toHaveTextContent('The sign-in popup was cancelled');
    expect(window.sessionStorage.getItem('studio.sign-in-method')).toBeNull();
  });

  it("shows the provider's message for other errors, or a generic one", async () => {
    const popup = stubPopup();
    const { user } = await openLogin();
    await startGoogleSignIn(user);
    await waitFor(() => {
      expect(popup.location.href).not.toBe('');
    });

    popupReports({ ok: false, error: 'server_error', message: 'Google is unavailable' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Google is unavailable');

    await startGoogleSignIn(user);
    await waitFor(() => {
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
    await waitFor(() => {
      expect(popup.location.href).not.toBe('');
    });
    popupReports({ ok: false, error: 'state_mismatch' });
    expect(await screen.findByRole('alert')).toHaveTextContent('An unknown error occurred');
  });

  it("shows the auth server's message when it refuses to start, and closes the popup", async () => {
    const popup = stubPopup();
    server.use(
      http.post('/api/auth/sign-in/social', () =>
        HttpResponse.json(
          { code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' },
          { status: 404 },
        ),
      ),
    );
    const { user } = await openLogin();

    await startGoogleSignIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Provider not found');
    expect(popup.close).toHaveBeenCalled();
  });

  it("says 'An unexpected error occurred' when the server cannot be reached", async () => {
    stubPopup();
    server.use(http.post('/api/auth/sign-in/social', () => HttpResponse.error()));
    const { user } = await openLogin();

    await startGoogleSignIn(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Google sign-in failed');
    expect(alert).toHaveTextContent('An unexpected error occurred');
  });
});
