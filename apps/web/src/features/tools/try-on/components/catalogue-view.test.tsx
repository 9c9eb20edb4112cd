import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TryOnBatch } from '@studio/contract';
import { sessionQueryOptions } from '@/features/auth';
import { batchFixture, pairGeneration } from '@/testing/catalogue-handlers';
import {
  checkFixture,
  chooseMarketplaces,
  listingCheckHandler,
  type RecordedCheck,
} from '@/testing/listing-handlers';
import { createTestQueryClient, renderWithProviders } from '@/testing/render';
import { mockSignedIn, server } from '@/testing/server';
import { CatalogueView } from './catalogue-view';

const finished = batchFixture({
  garmentNames: ['red-tee', 'sku-204-kurta'],
  modelNames: ['Ava', 'Noah'],
});

async function renderCatalogue(batch: TryOnBatch) {
  mockSignedIn();
  const queryClient = createTestQueryClient();
  await queryClient.query(sessionQueryOptions);
  return renderWithProviders(
    <CatalogueView
      batch={batch}
      videoAccess="open"
      onCancel={() => undefined}
      canceling={false}
      cancelError={null}
    />,
    { queryClient },
  );
}

describe('catalogue view: listings', () => {
  it('offers a listing pack of a finished catalogue, one SKU per garment named after it', async () => {
    const { user } = await renderCatalogue(finished);
    await user.click(await screen.findByRole('button', { name: 'Listing pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Listing pack' });

    expect(within(dialog).getByRole('textbox', { name: 'SKU for red-tee' })).toHaveValue('red-tee');
    expect(
      within(dialog).getByRole('textbox', { name: 'SKU for sku-204-kurta' }),
    ).toHaveAccessibleDescription('In the pack: SKU204KURTA.MAIN.jpg, SKU204KURTA.PT01.jpg');
    expect(within(dialog).getByText(/^4 images in one zip/)).toBeInTheDocument();
  });

  it('offers no listing pack while the catalogue runs', async () => {
    const running = batchFixture({
      item: (g, m) => pairGeneration(g, m, { status: 'running', imageUrls: [] }),
    });
    await renderCatalogue(running);
    await screen.findByText(/^Generating… 0 of 1 done/);
    expect(screen.queryByRole('button', { name: 'Listing pack' })).not.toBeInTheDocument();
  });

  it('shows the chosen marketplace’s verdict under each photo', async () => {
    chooseMarketplaces(['amazon']);
    const checks: RecordedCheck[] = [];
    server.use(
      listingCheckHandler(
        (body) =>
          body.generationId === 'gen_0_0'
            ? checkFixture({ failing: ['background'] })
            : checkFixture(),
        checks,
      ),
    );
    await renderCatalogue(finished);
    await waitFor(() => {
      expect(screen.getAllByRole('button', { name: /^Amazon/ })).toHaveLength(4);
    });
    expect(await screen.findByRole('button', { name: 'Amazon: 1 issue' })).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getAllByRole('button', { name: 'Amazon passes' })).toHaveLength(3);
    });
    expect(checks.map((check) => check.generationId).sort()).toEqual([
      'gen_0_0',
      'gen_0_1',
      'gen_1_0',
      'gen_1_1',
    ]);
  });
});
