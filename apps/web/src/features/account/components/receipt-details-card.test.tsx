import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { mockSignedIn, storedProfile } from '@/testing/server';

async function openProfile() {
  mockSignedIn();
  const rendered = renderApp('/profile');
  await screen.findByRole('button', { name: 'Edit Profile' }, { timeout: 5000 });
  return rendered;
}

describe('receipt details on the profile', () => {
  it('checks the GSTIN as the server does and saves it with its state', async () => {
    const { user } = await openProfile();
    const gstin = screen.getByRole('textbox', { name: 'GSTIN' });
    const save = screen.getByRole('button', { name: 'Save Receipt Details' });
    expect(save).toBeDisabled();

    // One character off: the check character no longer matches.
    await user.type(gstin, '29AAGCB7383J1Z5');
    expect(await screen.findByText(/check character does not match/)).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.clear(gstin);
    await user.type(gstin, '29aagcb7383j1z4');
    const state = screen.getByRole('combobox', { name: 'State' });
    expect(state).toHaveValue('29');
    expect(state).toBeDisabled();
    expect(screen.queryByText(/check character/)).toBeNull();

    await user.click(save);
    await waitFor(() => {
      expect(storedProfile()).toMatchObject({ gstin: '29AAGCB7383J1Z4', gstState: '29' });
    });
  });

  it('takes a state alone for a buyer without a GSTIN', async () => {
    const { user } = await openProfile();
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), '27');
    await user.click(screen.getByRole('button', { name: 'Save Receipt Details' }));
    await waitFor(() => {
      expect(storedProfile()).toMatchObject({ gstin: '', gstState: '27' });
    });
  });
});
