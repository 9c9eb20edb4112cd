import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { googleUser, mockProfile, mockSignedIn, server } from '@/testing/server';

const HOUR = 60 * 60 * 1000;
const skipKey = `studio.profile-prompt-skip.${googleUser.id}`;

function afterGoogleSignIn() {
  window.sessionStorage.setItem('studio.sign-in-method', 'google');
}

async function openApp() {
  mockSignedIn({ user: googleUser });
  const rendered = renderApp('/gallery');
  // `hidden: true`: if the profile loads before the page chunk, the modal already hides the page
  // from the accessibility tree, and the heading is there but aria-hidden.
  await screen.findByRole(
    'heading',
    { level: 2, name: 'My Gallery', hidden: true },
    // The gallery's chunk is the first import of its modules in this file: slow on a busy machine.
    { timeout: 5000 },
  );
  return rendered;
}

/** Lets the profile load; the prompt (if any) appears once it has. */
async function profileLoaded(queryClient: Awaited<ReturnType<typeof openApp>>['queryClient']) {
  await waitFor(() => {
    expect(queryClient.getQueryData(['account', 'profile', googleUser.id])).toBeDefined();
  });
}

describe('profile completion prompt', () => {
  it('asks for the missing company name and phone number after a Google sign-in', async () => {
    afterGoogleSignIn();
    await openApp();

    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Profile' });
    expect(within(dialog).getByLabelText('Company Name')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone Number')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Skip for now' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('asks only for the field that is missing', async () => {
    afterGoogleSignIn();
    mockProfile({ companyName: 'Sharma Textiles' });
    await openApp();

    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Profile' });
    expect(within(dialog).queryByLabelText('Company Name')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone Number')).toBeInTheDocument();
  });

  it('never shows after an email sign-in', async () => {
    const { queryClient } = await openApp();
    await profileLoaded(queryClient);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not show when nothing is missing', async () => {
    afterGoogleSignIn();
    mockProfile({ companyName: 'Sharma Textiles', phoneNumber: '+91 98765 43210' });
    const { queryClient } = await openApp();
    await profileLoaded(queryClient);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays hidden while a skip from the last hours is stored', async () => {
    afterGoogleSignIn();
    window.localStorage.setItem(skipKey, JSON.stringify({ until: Date.now() + 2 * HOUR }));
    const { queryClient } = await openApp();
    await profileLoaded(queryClient);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ignores a skip marker more than 24 hours ahead', async () => {
    afterGoogleSignIn();
    window.localStorage.setItem(skipKey, JSON.stringify({ until: Date.now() + 30 * HOUR }));
    await openApp();

    expect(
      await screen.findByRole('dialog', { name: 'Complete Your Profile' }),
    ).toBeInTheDocument();
  });

  it("'Skip for now' hides it for 5 hours", async () => {
    afterGoogleSignIn();
    const { user } = await openApp();
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Profile' });
    const before = Date.now();

    await user.click(within(dialog).getByRole('button', { name: 'Skip for now' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem(skipKey) ?? 'null') as { until: number };
    expect(stored.until).toBeGreaterThanOrEqual(before + 5 * HOUR);
    expect(stored.until).toBeLessThanOrEqual(Date.now() + 5 * HOUR);
  });

  it('Continue sends the trimmed values, clears the skip marker and closes', async () => {
    afterGoogleSignIn();
    window.localStorage.setItem(skipKey, JSON.stringify({ until: Date.now() - HOUR }));
    const sent: unknown[] = [];
    server.use(
      http.put('/api/v1/user/profile', async ({ request }) => {
        sent.push(await request.clone().json());
      }),
    );
    const { user } = await openApp();
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Profile' });
    const continueButton = within(dialog).getByRole('button', { name: 'Continue' });

    await user.type(within(dialog).getByLabelText('Company Name'), '   ');
    expect(continueButton).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Company Name'), 'Sharma Textiles ');
    expect(continueButton).toBeEnabled();
    await user.click(continueButton);

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(sent).toEqual([{ userId: googleUser.id, companyName: 'Sharma Textiles' }]);
    expect(window.localStorage.getItem(skipKey)).toBeNull();
  });
});
