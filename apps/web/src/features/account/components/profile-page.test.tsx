import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { errorResponse, mockSignedIn, server, testUser } from '@/testing/server';

async function openProfile(options: Parameters<typeof mockSignedIn>[0] = {}) {
  mockSignedIn({ credits: 12, ...options });
  const rendered = renderApp('/profile');
  // The first render in a file also loads the page's code, which can take a while under jsdom.
  await screen.findByRole('button', { name: 'Edit Profile' }, { timeout: 5000 });
  return rendered;
}

function detail(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('profile page', () => {
  it('shows the name, email, credits and details, with Not specified for empty ones', async () => {
    await openProfile({ profile: { phoneNumber: '+44 20 7946 0000' } });

    expect(screen.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('12 credits')).toBeInTheDocument();
    expect(detail('Email')).toBe('ada.lovelace@example.com');
    expect(detail('Phone Number')).toBe('+44 20 7946 0000');
    expect(detail('Company Name')).toBe('Not specified');
    expect(detail('Member Since')).toMatch(/2025/);
  });

  it("falls back to 'User' when there is no name or email anywhere", async () => {
    server.use(
      http.post('/api/v1/user/profile-details', () =>
        HttpResponse.json({
          success: true,
          data: { ...storedProfileShape(), name: '', emailId: '' },
          missingFields: { companyName: true, phoneNumber: true },
        }),
      ),
    );
    await openProfile({ user: { ...testUser, name: ' ', email: '' } });

    expect(screen.getByRole('heading', { level: 2, name: 'User' })).toBeInTheDocument();
  });

  it('links to account settings, subscription and credit history', async () => {
    await openProfile();

    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/account-settings', '/subscription', '/credit-history']);
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    server.use(
      http.post('/api/v1/user/profile-details', () => errorResponse(500, 'internal_error', 'Boom')),
    );
    const { user } = renderAppSignedIn();

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your profile.");
    server.resetHandlers();
    mockSignedIn();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });
});

describe('Edit Profile', () => {
  it('keeps Save disabled until something changes and sends only the changed fields', async () => {
    const sent: unknown[] = [];
    server.use(
      // Records the call and falls through to the default handler, which stores the change.
      http.put('/api/v1/user/profile', async ({ request }) => {
        sent.push(await request.clone().json());
      }),
    );
    const { user } = await openProfile({ profile: { companyName: 'Analytical Engines' } });

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });
    expect(within(dialog).getByLabelText('Full Name')).toHaveValue('Ada Lovelace');
    expect(within(dialog).getByLabelText('Company Name')).toHaveValue('Analytical Engines');
    expect(save).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Full Name'), '  ');
    expect(save).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Phone Number'), ' +44 20 7946 0000 ');
    expect(save).toBeEnabled();
    await user.click(save);

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(sent).toEqual([{ userId: 'user_123', phoneNumber: '+44 20 7946 0000' }]);
    expect(await screen.findByText('+44 20 7946 0000', { selector: 'dd' })).toBeInTheDocument();
  });

  it('refuses a phone number that is not one, saying the format wanted (ADR 050)', async () => {
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    const phone = within(dialog).getByLabelText('Phone Number');

    await user.type(phone, '12ab');
    await user.tab();

    expect(phone).toHaveAccessibleDescription(
      'Enter a phone number with its country code, like +91 98765 43210.',
    );
    expect(phone).toBeInvalid();
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();

    await user.clear(phone);
    await user.type(phone, '+91 98765 43210');
    expect(phone).toBeValid();
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it('requires a full name', async () => {
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });

    await user.clear(within(dialog).getByLabelText('Full Name'));

    expect(within(dialog).getByLabelText('Full Name')).toHaveAccessibleDescription(
      'Full name is required',
    );
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it('starts from the stored profile again after Cancel', async () => {
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    await user.type(within(dialog).getByLabelText('Company Name'), 'Draft Co');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });

    expect(within(dialog).getByLabelText('Company Name')).toHaveValue('');
  });

  it("shows the server's message when saving fails", async () => {
    server.use(
      http.put('/api/v1/user/profile', () =>
        errorResponse(429, 'rate_limited', 'Too many changes. Try again in a minute.'),
      ),
    );
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });

    await user.type(within(dialog).getByLabelText('Company Name'), 'Engines Ltd');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many changes. Try again in a minute.',
    );
  });
});

function renderAppSignedIn() {
  mockSignedIn();
  return renderApp('/profile');
}

function storedProfileShape() {
  return {
    uid: testUser.id,
    name: 'Ada Lovelace',
    emailId: testUser.email,
    companyName: '',
    phoneNumber: '',
    profileUrl: '',
    credits: 12,
    registrationDate: '2025-01-15T10:00:00.000Z',
    lastSignIn: null,
    accountType: 'Standard User',
  };
}
