import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocation, renderApp } from '@/testing/render';
import {
  errorResponse,
  mockSession,
  mockSignedIn,
  mockSubscription,
  server,
} from '@/testing/server';

async function openAccountSettings(options: Parameters<typeof renderApp>[1] = {}) {
  mockSignedIn({ credits: 12 });
  const rendered = renderApp('/account-settings', options);
  await screen.findByText('Account Information', {}, { timeout: 5000 });
  return rendered;
}

function detail(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

async function openDeleteDialog(user: Awaited<ReturnType<typeof openAccountSettings>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Delete Account' }));
  return screen.findByRole('dialog', { name: 'Delete Account' });
}

describe('account settings page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the account information', async () => {
    await openAccountSettings();

    expect(detail('Full Name')).toBe('Ada Lovelace');
    expect(detail('Email')).toBe('ada.lovelace@example.com');
    expect(detail('Account Type')).toBe('Standard User');
    await waitFor(() => {
      expect(detail('Credits')).toBe('12 credits');
    });
    expect(detail('Company')).toBe('Not specified');
    expect(detail('Phone')).toBe('Not specified');
    expect(detail('Member Since')).toMatch(/2025/);
    expect(detail('Last Sign In')).toMatch(/2026/);
  });

  it('asks for DELETE, enabling the button for any letter case', async () => {
    const { user } = await openAccountSettings();
    const dialog = await openDeleteDialog(user);
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });

    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete your account? This action cannot be undone.',
    );
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delet');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'e');
    expect(confirm).toBeEnabled();
  });

  it('warns that a running plan and the credits left are forfeited (ADR 050)', async () => {
    mockSignedIn({ credits: 45, plan: 'pro_monthly' });
    mockSubscription('pro_monthly', { endingTimestamp: '2026-12-27T10:00:00.000Z' });
    const { user } = renderApp('/account-settings');
    await screen.findByText('Account Information', {}, { timeout: 5000 });
    const dialog = await openDeleteDialog(user);

    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete your account? This action cannot be undone.',
    );
    expect(
      await within(dialog).findByText(/Your Pro Monthly plan, paid until December 27, 2026,/),
    ).toHaveTextContent('ends with your account. The unused time is not refunded.');
    expect(within(dialog).getByText(/Your 45 credits are forfeited/)).toBeInTheDocument();
  });

  it('links to Settings to change the name or password (ADR 050)', async () => {
    const { user } = await openAccountSettings();

    await user.click(screen.getByRole('link', { name: 'Change name or password' }));

    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/settings');
  });

  it('gives focus back to Delete Account when the dialog is dismissed', async () => {
    const { user } = await openAccountSettings();
    const dialog = await openDeleteDialog(user);
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DEL');

    await user.keyboard('{Escape}');

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'Delete Account' })).toHaveFocus();
    const reopened = await openDeleteDialog(user);
    expect(within(reopened).getByLabelText('Type DELETE to confirm')).toHaveValue('');
  });

  it("refuses anything but exactly 'DELETE'", async () => {
    let called = false;
    server.use(
      http.post('/api/v1/user/delete-account', () => {
        called = true;
        return HttpResponse.json({ success: true, message: 'gone' });
      }),
    );
    const { user } = await openAccountSettings();
    const dialog = await openDeleteDialog(user);

    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please type "DELETE" to confirm account deletion',
    );
    expect(called).toBe(false);
  });

  it("shows the server's message, then logs out to /login after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let body: unknown;
    let signedOut = false;
    server.use(
      http.post('/api/v1/user/delete-account', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: 'Your account has been deleted.' });
      }),
      http.post('/api/auth/sign-out', () => {
        signedOut = true;
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = await openAccountSettings({
      userEventOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    const dialog = await openDeleteDialog(user);

    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), '  DELETE ');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('Your account has been deleted.');
    });
    expect(body).toEqual({ userId: 'user_123' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Account' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(currentLocation()).toBe('/account-settings');

    mockSession(null);
    await act(() => vi.advanceTimersByTimeAsync(100));

    expect(
      await screen.findByRole('heading', { name: 'Welcome to AI Product Studio' }),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
    expect(signedOut).toBe(true);
  });

  it("keeps the dialog open with the server's message when deletion fails", async () => {
    server.use(
      http.post('/api/v1/user/delete-account', () =>
        errorResponse(500, 'internal_error', 'Something went wrong on our side.'),
      ),
    );
    const { user } = await openAccountSettings();
    const dialog = await openDeleteDialog(user);

    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side.',
    );
    expect(currentLocation()).toBe('/account-settings');
  });
});
