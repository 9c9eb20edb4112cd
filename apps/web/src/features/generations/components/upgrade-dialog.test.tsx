import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { mockSignedIn } from '@/testing/server';
import UpgradeDialog from './upgrade-dialog';

describe('UpgradeDialog', () => {
  it('opens the Pro payment page in a new tab', async () => {
    mockSignedIn();
    const tab = { location: { href: 'about:blank' }, closed: false, opener: {}, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderWithProviders(
      <UpgradeDialog
        open
        onOpenChange={vi.fn()}
        requiresPlan={['pro', 'enterprise']}
        feature="Video Generation"
      />,
    );

    const upgrade = () => screen.getByRole('button', { name: 'Upgrade to Pro Plan' });
    await waitFor(() => {
      expect(upgrade()).toBeEnabled();
    });
    await user.click(upgrade());

    await waitFor(() => {
      expect(tab.location.href).toMatch(/\/checkout\/sandbox\/ord_sandbox_1$/);
    });
  });

  it('offers Plus when Plus unlocks the feature', () => {
    mockSignedIn();
    renderWithProviders(
      <UpgradeDialog
        open
        onOpenChange={vi.fn()}
        requiresPlan={['plus', 'pro', 'enterprise']}
        feature="The Balanced mode"
      />,
    );

    expect(screen.getByRole('dialog', { name: 'Upgrade to Plus' })).toHaveTextContent(
      'The Balanced mode is available on the Plus, Pro and Enterprise plans.',
    );
  });
});
