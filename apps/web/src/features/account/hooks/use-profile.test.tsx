import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render';
import { errorResponse, mockSignedIn, server, testUser } from '@/testing/server';

describe('signed in: register with the backend, then load the profile', () => {
  it('registers once with the spec payload, then loads the profile', async () => {
    const calls: string[] = [];
    let registration: unknown;
    server.use(
      // Record, then fall through to the default handlers.
      http.post('/api/v1/user/register', async ({ request }) => {
        calls.push('register');
        registration = await request.clone().json();
      }),
      http.post('/api/v1/user/profile-details', () => {
        calls.push('profile-details');
      }),
    );
    mockSignedIn({ user: { ...testUser, name: ' ' } });
    renderApp('/profile');

    // No display name: the email's local part is the registered name.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'ada.lovelace' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    // Registration first, and only once although the header, sidebar and page all need the profile.
    expect(calls[0]).toBe('register');
    expect(calls.filter((call) => call === 'register')).toHaveLength(1);
    expect(calls).toContain('profile-details');
    expect(registration).toEqual({
      userId: 'user_123',
      emailId: 'ada.lovelace@example.com',
      name: 'ada.lovelace',
      profileUrl: '',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) as unknown,
    });
  });

  it('logs a failed registration and skips the profile load', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let profileAsked = false;
    server.use(
      http.post('/api/v1/user/register', () => errorResponse(500, 'internal_error', 'Boom')),
      http.post('/api/v1/user/profile-details', () => {
        profileAsked = true;
      }),
    );
    mockSignedIn();
    renderApp('/profile');

    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      "We couldn't load your profile.",
    );
    expect(logged).toHaveBeenCalledWith(
      'Registering the user with the backend failed',
      expect.anything(),
    );
    expect(profileAsked).toBe(false);
    // The shell still names the user from the account.
    await waitFor(() => {
      expect(
        within(screen.getByRole('button', { name: 'Account menu' })).getByText('Ada'),
      ).toBeInTheDocument();
    });
  });
});
