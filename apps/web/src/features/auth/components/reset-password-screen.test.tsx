import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentLocation, renderApp } from '@/testing/render';
import { server } from '@/testing/server';

async function openResetPage(search = '?token=tok_123') {
  const rendered = renderApp(`/reset-password${search}`);
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

describe('reset password page', () => {
  it("says 'New passwords do not match' and sends nothing when the two differ", async () => {
    let called = false;
    server.use(
      http.post('/api/auth/reset-password', () => {
        called = true;
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = await openResetPage();

    await user.type(screen.getByLabelText('New password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm new password'), 'correct horsE');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'New passwords do not match',
    );
    expect(called).toBe(false);
  });

  it('requires at least 8 characters', async () => {
    const { user } = await openResetPage();

    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters.',
    );
    expect(screen.getByLabelText('New password')).toHaveFocus();
  });

  it('resets the password with the token and offers sign-in', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/reset-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = await openResetPage();

    await user.type(screen.getByLabelText('New password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm new password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been reset. You can now sign in with your new password.',
    );
    expect(body).toEqual({ token: 'tok_123', newPassword: 'correct horse' });
    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    await waitFor(() => {
      expect(currentLocation()).toBe('/login');
    });
  });

  it('explains an expired link from the server and offers a new one', async () => {
    const { user } = await openResetPage('?error=INVALID_TOKEN');

    expect(screen.getByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired.',
    );
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      "If an account exists for that email, we've sent a link to reset your password.",
    );
  });

  it('switches to the expired-link view when the server refuses the token', async () => {
    server.use(
      http.post('/api/auth/reset-password', () =>
        HttpResponse.json({ code: 'INVALID_TOKEN', message: 'Invalid token' }, { status: 400 }),
      ),
    );
    const { user } = await openResetPage();

    await user.type(screen.getByLabelText('New password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm new password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired.',
    );
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });

  it('treats a link without a token as invalid', async () => {
    await openResetPage('');

    expect(screen.getByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});
