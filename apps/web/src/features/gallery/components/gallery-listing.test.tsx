import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GalleryItem } from '@studio/contract';
import { sessionQueryOptions } from '@/features/auth';
import { galleryItems, mediaHandler, pastGenerationsHandler } from '@/testing/gallery-handlers';
import { checkFixture, chooseMarketplaces, listingCheckHandler } from '@/testing/listing-handlers';
import { createTestQueryClient, renderWithProviders } from '@/testing/render';
import { mockSignedIn, server } from '@/testing/server';
import { GalleryPage } from './gallery-page';

async function openGallery(items: GalleryItem[]) {
  mockSignedIn();
  server.use(pastGenerationsHandler(items), mediaHandler());
  const queryClient = createTestQueryClient();
  await queryClient.query(sessionQueryOptions);
  const rendered = renderWithProviders(<GalleryPage />, { path: '/gallery', queryClient });
  // Every card of the page (in the app they render one a task, gallery-grid.tsx).
  await waitFor(() => {
    expect(screen.getAllByRole('article')).toHaveLength(items.length);
  });
  return rendered;
}

describe('gallery: marketplace listings', () => {
  it('shows no marketplace badge on a card when none is chosen', async () => {
    await openGallery(galleryItems(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: /^Amazon/ })).not.toBeInTheDocument();
  });

  it('shows each chosen marketplace’s badge on a card', async () => {
    chooseMarketplaces(['amazon', 'flipkart']);
    server.use(listingCheckHandler(({ marketplace }) => checkFixture({ marketplace })));
    const items = galleryItems(2);
    await openGallery(items);

    const first = screen.getAllByRole('article')[0] as HTMLElement;
    await waitFor(() => {
      expect(within(first).getByRole('button', { name: 'Amazon passes' })).toBeInTheDocument();
      expect(within(first).getByRole('button', { name: 'Flipkart passes' })).toBeInTheDocument();
    });
  });

  it('offers a listing pack of the selected cards, a SKU field named after each', async () => {
    const items = galleryItems(3, { prompt: 'Linen shirt' });
    const { user } = await openGallery(items);
    const toolbar = screen.getByRole('toolbar', { name: 'Selected items' });
    expect(within(toolbar).queryByRole('button', { name: 'Listing pack' })).not.toBeInTheDocument();

    const boxes = screen.getAllByRole('checkbox', { name: /^Select / });
    await user.click(boxes[0] as HTMLElement);
    await user.click(boxes[2] as HTMLElement);
    await user.click(await within(toolbar).findByRole('button', { name: 'Listing pack' }));

    const dialog = await screen.findByRole('dialog', { name: 'Listing pack' });
    expect(
      within(dialog).getAllByRole('textbox', { name: /^SKU for Try-Ons from .*: Linen shirt$/ }),
    ).toHaveLength(2);
  });
});
