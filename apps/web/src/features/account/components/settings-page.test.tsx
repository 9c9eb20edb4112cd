import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocation, renderApp } from '@/testing/render';
import {
  errorResponse,
  googleUser,
  mockSession,
  mockSignedIn,
  server,
  testUser,
} from '@/testing/server';

async function openSettings(user = testUser, options: Parameters<typeof renderApp>[1] = {}) {
  mockSignedIn({ user });
  const rendered = renderApp('/settings', options);
  await screen.findByRole('heading', { level: 2, name: 'Settings' }, { timeout: 5000 });
  await waitFor(() => {
    expect(screen.getByLabelText('Full Name')).not.toHaveValue('');
  });
  return rendered;
}

const passwordForm = () => screen.getByRole('form', { name: 'Change Password' });

describe('settings: change password', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says 'New passwords do not match' and sends nothing", async () => {
    let called = false;
    server.use(
      http.post('/api/v1/user/password', () => {
        called = true;
        return HttpResponse.json({ success: true, message: 'ok' });
      }),
    );
    const { user } = await openSettings();
    const form = passwordForm();

    await user.type(within(form).getByLabelText('Current Password'), 'old password');
    await user.type(within(form).getByLabelText('New Password'), 'new password 1');
    await user.type(within(form).getByLabelText('Confirm New Password'), 'new password 2');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));

    expect(within(form).getByLabelText('Confirm New Password')).toHaveAccessibleDescription(
      'New passwords do not match',
    );
    expect(called).toBe(false);
  });

  it('requires the current password and at least 8 characters', async () => {
    const { user } = await openSettings();
    const form = passwordForm();

    await user.type(within(form).getByLabelText('New Password'), 'short');
    await user.type(within(form).getByLabelText('Confirm New Password'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));

    expect(within(form).getByLabelText('Current Password')).toHaveAccessibleDescription(
      'Enter your current password.',
    );
    expect(within(form).getByLabelText('New Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters.',
    );
    expect(within(form).getByLabelText('Current Password')).toHaveFocus();
  });

  it('changes the password, says other sessions were signed out, and clears the form', async () => {
    let body: unknown;
    server.use(
      http.post('/api/v1/user/password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: 'Password changed.' });
      }),
    );
    const { user } = await openSettings();
    const form = passwordForm();

    await user.type(within(form).getByLabelText('Current Password'), 'old password');
    await user.type(within(form).getByLabelText('New Password'), 'new password 1');
    await user.type(within(form).getByLabelText('Confirm New Password'), 'new password 1');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been changed. All your other sessions have been signed out.',
    );
    expect(body).toEqual({ currentPassword: 'old password', newPassword: 'new password 1' });
    expect(within(form).getByLabelText('Current Password')).toHaveValue('');
  });

  it("shows the server's message for a wrong current password", async () => {
    server.use(
      http.post('/api/v1/user/password', () =>
        errorResponse(400, 'invalid_password', 'Your current password is incorrect.'),
      ),
    );
    const { user } = await openSettings();
    const form = passwordForm();

    await user.type(within(form).getByLabelText('Current Password'), 'wrong password');
    await user.type(within(form).getByLabelText('New Password'), 'new password 1');
    await user.type(within(form).getByLabelText('Confirm New Password'), 'new password 1');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your current password is incorrect.',
    );
  });

  it('explains that a Google-only account has no password to change', async () => {
    await openSettings(googleUser);

    expect(screen.queryByRole('form', { name: 'Change Password' })).not.toBeInTheDocument();
    expect(
      screen.getByText(/You sign in with Google, so this account has no password to change here/),
    ).toBeInTheDocument();
  });
});

describe('settings: change name', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves the new name and the notice vanishes after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let body: unknown;
    server.use(
      http.put('/api/v1/user/name', async ({ request }) => {
        body = await request.clone().json();
      }),
    );
    const { user } = await openSettings(testUser, {
      userEventOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ada Lovelace');

    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), '  Ada King ');
    await user.click(screen.getByRole('button', { name: 'Save Name' }));

    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('Your name has been updated.');
    });
    expect(body).toEqual({ name: 'Ada King' });
    await waitFor(() => {
      expect(screen.getByLabelText('Full Name')).toHaveValue('Ada King');
    });

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByText('Your name has been updated.')).not.toBeInTheDocument();
  });

  it('requires a name', async () => {
    const { user } = await openSettings();

    await user.clear(screen.getByLabelText('Full Name'));
    await user.click(screen.getByRole('button', { name: 'Save Name' }));

    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Full name is required');
  });
});

describe('settings: danger zone', () => {
  it('logs out to /login', async () => {
    const { user } = await openSettings();
    mockSession(null);

    await user.click(
      within(screen.getByRole('region', { name: 'Danger Zone' })).getByRole('button', {
        name: 'Logout',
      }),
    );

    expect(
      await screen.findByRole('heading', { name: 'Welcome to AI Product Studio' }),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
  });

  it('offers the same Delete Account confirmation', async () => {
    const { user } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));

    expect(await screen.findByRole('dialog', { name: 'Delete Account' })).toHaveTextContent(
      'Are you sure you want to delete your account? This action cannot be undone.',
    );
  });
});
