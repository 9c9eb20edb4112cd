import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentLocation, renderApp } from '@/testing/render';
import {
  mockCredits,
  mockProviders,
  mockSession,
  mockSubscription,
  server,
  testUser,
} from '@/testing/server';

async function openLogin(path = '/login') {
  mockSession(null);
  const rendered = renderApp(path);
  await screen.findByRole('heading', { name: 'Welcome to AI Product Studio' });
  return rendered;
}

/** After a successful auth call the session answers with the user (the cookie is now set). */
function signInSucceeds(endpoint: 'sign-in' | 'sign-up', onBody?: (body: unknown) => void) {
  mockCredits(3);
  mockSubscription('free');
  server.use(
    http.post(`/api/auth/${endpoint}/email`, async ({ request }) => {
      onBody?.(await request.json());
      mockSession(testUser);
      return HttpResponse.json({ token: 't', user: testUser });
    }),
  );
}

/** Fills and sends the Create account form as Ada. */
async function createAccount(user: Awaited<ReturnType<typeof openLogin>>['user']) {
  await user.click(screen.getByRole('tab', { name: 'Create account' }));
  await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada.lovelace@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('login screen', () => {
  it('shows the branding, Google button and consent text', async () => {
    await openLogin();

    const branding = screen.getByRole('region', { name: 'About AI Product Studio' });
    expect(within(branding).getByText('AI Product Studio')).toBeInTheDocument();
    expect(within(branding).getAllByRole('figure')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByText('Terms of Service').closest('p')).toHaveTextContent(
      'By continuing, you agree to our Terms of Service and acknowledge our Privacy Policy.',
    );
  });

  it('links the consent text to the terms and privacy pages, readable while signed out', async () => {
    const { user } = await openLogin();

    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    await user.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe('/privacy');
  });

  it('offers "Sign in with email" and no Google button when the server has no Google sign-in', async () => {
    mockProviders({ google: false, email: true });
    await openLogin();

    expect(await screen.findByRole('heading', { name: 'Sign in with email' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.queryByText(/not configured/i)).not.toBeInTheDocument();
    expect(screen.queryByText('or use your email')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('hides the email forms when the server offers Google only', async () => {
    mockProviders({ google: true, email: false });
    await openLogin();

    await waitFor(() => {
      expect(screen.queryByRole('tab', { name: 'Sign in' })).not.toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  it('validates the sign-in form before calling the server', async () => {
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email address.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await user.type(screen.getByLabelText('Email'), 'ada@example');
    await user.type(screen.getByLabelText('Password'), 'short');

    expect(
      screen.getByText('Enter a valid email address, like name@example.com.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
  });

  it('requires a name when creating an account', async () => {
    const { user } = await openLogin();

    await user.click(screen.getByRole('tab', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Enter your name.');
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it("shows the server's message in an alert when sign-in is refused", async () => {
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        HttpResponse.json(
          { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
          { status: 401 },
        ),
      ),
    );
    const { user } = await openLogin();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(currentLocation()).toBe('/login');
  });

  it('signs in and returns to the page the user wanted', async () => {
    let sent: unknown;
    signInSucceeds('sign-in', (body) => (sent = body));
    const { user } = await openLogin('/login?redirect=%2Fgallery');

    await user.type(screen.getByLabelText('Email'), '  ada.lovelace@example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'My Gallery' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe('/gallery');
    expect(sent).toEqual({ email: 'ada.lovelace@example.com', password: 'correct horse' });
  });

  it('creates an account and lands on the dashboard', async () => {
    let sent: unknown;
    signInSucceeds('sign-up', (body) => (sent = body));
    const { user } = await openLogin();

    await createAccount(user);

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
    expect(sent).toEqual({
      name: 'Ada Lovelace',
      email: 'ada.lovelace@example.com',
      password: 'correct horse',
    });
  });

  it('says what to do when a sign-up opens no session (an email that already has an account)', async () => {
    server.use(
      http.post('/api/auth/sign-up/email', () =>
        HttpResponse.json({ token: null, user: { ...testUser, id: 'made-up' } }),
      ),
    );
    const { user } = await openLogin();

    await createAccount(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'If this email already has an account, sign in or reset your password instead: we have sent it a note.',
    );
    expect(currentLocation()).toBe('/login');
  });

  it('rejects passwords longer than 128 characters', async () => {
    const { user } = await openLogin();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByLabelText('Password'));
    await user.paste('x'.repeat(129));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at most 128 characters.',
    );
  });

  it('keeps what was typed when switching between the tabs', async () => {
    const { user } = await openLogin();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('tab', { name: 'Create account' }));

    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });
});

describe('forgot password', () => {
  it('gives the same answer whether or not the email has an account', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/auth/request-password-reset', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ');

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      "If an account exists for that email, we've sent a link to reset your password.",
    );
    expect(sent).toEqual([{ email: 'ada@example.com', redirectTo: '/reset-password' }]);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    await waitFor(() => {
      expect(sent).toHaveLength(2);
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      "If an account exists for that email, we've sent a link to reset your password.",
    );
  });

  it('checks the email before sending', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Enter a valid email address, like name@example.com.',
    );
  });

  it('shows the rate-limit message when asked too often', async () => {
    server.use(
      http.post('/api/auth/request-password-reset', () =>
        HttpResponse.json(
          { success: false, error: { code: 'rate_limited', message: 'Too many reset requests.' } },
          { status: 429 },
        ),
      ),
    );
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many reset requests.');
  });

  it('goes back to the sign-in form', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));

    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
  });
});
