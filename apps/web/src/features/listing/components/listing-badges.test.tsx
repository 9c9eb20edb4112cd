import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  checkFixture,
  chooseMarketplaces,
  listingCheckHandler,
  type RecordedCheck,
} from '@/testing/listing-handlers';
import { sessionQueryOptions } from '@/features/auth';
import { createTestQueryClient, renderWithProviders } from '@/testing/render';
import { mockSignedIn, server } from '@/testing/server';
import { ListingBadges } from './listing-badges';

/** Two cards' badges, once the session is in. */
async function renderBadges(answer: Parameters<typeof listingCheckHandler>[0]) {
  const calls: RecordedCheck[] = [];
  mockSignedIn();
  server.use(listingCheckHandler(answer, calls));
  const queryClient = createTestQueryClient();
  await queryClient.query(sessionQueryOptions);
  const rendered = renderWithProviders(
    <>
      <ListingBadges target={{ generationId: 'gen_1' }} subject="Try-Ons from Nov 28, 2026" />
      <ListingBadges target={{ generationId: 'gen_2' }} subject="Try-Ons from Nov 27, 2026" />
    </>,
    { queryClient },
  );
  return { ...rendered, calls };
}

describe('listing badges', () => {
  it('shows nothing and asks nothing when no marketplace is chosen', async () => {
    // Signed in from the start: the hook reads the account's choice, and still nothing shows.
    const { calls } = await renderBadges(() => checkFixture());
    await import('./chosen-badges'); // the code that decides has loaded…
    await new Promise((resolve) => setTimeout(resolve, 100)); // …and rendered

    // Only the badges' buttons: a toast another file raised may still be closing in the shared
    // page (the web project shares one jsdom between files).
    const badges = screen
      .queryAllByRole('button')
      .filter((button) => button.closest('[aria-label^="Notifications"]') === null);
    expect(badges).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('says "Amazon ✓" and "Myntra: 2 issues" per the checks of the main image', async () => {
    chooseMarketplaces(['amazon', 'myntra']);
    const { calls } = await renderBadges(({ marketplace }) =>
      marketplace === 'amazon'
        ? checkFixture()
        : checkFixture({ marketplace: 'myntra', failing: ['background', 'fill'] }),
    );

    await waitFor(() => {
      expect(screen.getAllByRole('button', { name: 'Amazon passes' })).toHaveLength(2);
      expect(screen.getAllByRole('button', { name: 'Myntra: 2 issues' })).toHaveLength(2);
    });
    expect(calls).toHaveLength(4);
    expect(calls).toContainEqual({ generationId: 'gen_1', marketplace: 'myntra', slot: 'main' });
  });

  it('says checking… while the check runs', async () => {
    chooseMarketplaces(['etsy']);
    await renderBadges(() => 'pending');
    const [badge] = await screen.findAllByRole('button', { name: 'Etsy: checking…' });
    expect(badge).toHaveAttribute('aria-busy', 'true');
    expect(badge).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('says "not checked" when the check fails', async () => {
    chooseMarketplaces(['amazon']);
    await renderBadges(() => 'error');
    await waitFor(() => {
      expect(screen.getAllByRole('button', { name: 'Amazon: not checked' })).toHaveLength(2);
    });
  });
});
