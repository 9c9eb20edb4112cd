import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '@/testing/generation-handlers';
import { chooseMarketplaces, listingPackHandler, packFixture } from '@/testing/listing-handlers';
import { sessionQueryOptions } from '@/features/auth';
import { createTestQueryClient, renderWithProviders } from '@/testing/render';
import { mockSignedIn, server, testUser } from '@/testing/server';
import type { PackSource } from '../lib/pack-form';
import { ListingPackButton } from './listing-pack-button';

const ITEM_LIST = [
  { generationId: 'gen_a', label: 'Try-Ons from Nov 28: red tee' },
  { generationId: 'gen_b', label: 'Try-Ons from Nov 28: red tee, back' },
  { generationId: 'gen_c', label: 'Try-Ons from Nov 27: kurta' },
];
const ITEMS: PackSource = { kind: 'items', items: ITEM_LIST };
const CATALOGUE: PackSource = {
  kind: 'batch',
  batchId: 'batch_1',
  garments: [
    { name: 'red-tee', photos: 2 },
    { name: 'sku-204-kurta', photos: 2 },
  ],
};

/** Records the links the dialog hands to the browser (the zip's). */
function recordLinkClicks() {
  const hrefs: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    hrefs.push(this.getAttribute('href') ?? '');
  });
  return hrefs;
}

/** The pack button for `source`, clicked once the session is in: answers the open dialog. */
async function openPack(source: PackSource) {
  mockSignedIn();
  // Signed in before the button shows, as the app's guard has it (the dialog reads the account's
  // marketplaces when it opens).
  const queryClient = createTestQueryClient();
  await queryClient.query(sessionQueryOptions);
  const rendered = renderWithProviders(<ListingPackButton source={source} />, { queryClient });
  const button = await screen.findByRole('button', { name: 'Listing pack' });
  await rendered.user.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Listing pack' });
  return { ...rendered, dialog };
}

const sku = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('textbox', { name: `SKU for ${label}` });

describe('listing pack', () => {
  it('gives each image a SKU: images sharing one form a listing, the first its main image', async () => {
    const calls: { body: Record<string, unknown>; idempotencyKey: string | null }[] = [];
    server.use(listingPackHandler(packFixture(), calls));
    recordLinkClicks();
    const { dialog, user } = await openPack(ITEMS);

    expect(within(dialog).getByRole('combobox', { name: 'Marketplace' })).toHaveValue('amazon');
    await user.type(sku(dialog, 'Try-Ons from Nov 28: red tee'), 'tee-01');
    await user.type(sku(dialog, 'Try-Ons from Nov 28: red tee, back'), 'tee-01');
    await user.type(sku(dialog, 'Try-Ons from Nov 27: kurta'), 'KURTA 204');
    // Amazon's names: letters and digits, upper case, MAIN then PT01.
    expect(sku(dialog, 'Try-Ons from Nov 28: red tee')).toHaveAccessibleDescription(
      'In the pack: TEE01.MAIN.jpg',
    );
    expect(sku(dialog, 'Try-Ons from Nov 28: red tee, back')).toHaveAccessibleDescription(
      'In the pack: TEE01.PT01.jpg',
    );
    expect(sku(dialog, 'Try-Ons from Nov 27: kurta')).toHaveAccessibleDescription(
      'In the pack: KURTA204.MAIN.jpg',
    );
    expect(
      within(dialog).getByRole('radio', { name: /Fix non-compliant images first/ }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create pack' }));

    await within(dialog).findByText(/Your Amazon pack is ready/);
    expect(calls[0]?.body).toEqual({
      marketplace: 'amazon',
      fix: true,
      userId: testUser.id,
      items: [
        { generationId: 'gen_a', sku: 'tee-01' },
        { generationId: 'gen_b', sku: 'tee-01' },
        { generationId: 'gen_c', sku: 'KURTA 204' },
      ],
    });
    expect(calls[0]?.idempotencyKey).toEqual(expect.any(String));
  });

  it('names Myntra’s files {sku}_1, {sku}_2 and sends "as they are" without fixing', async () => {
    const calls: { body: Record<string, unknown>; idempotencyKey: string | null }[] = [];
    server.use(listingPackHandler(packFixture({ creditCost: 0 }), calls));
    recordLinkClicks();
    const { dialog, user } = await openPack(ITEMS);

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Marketplace' }),
      'myntra',
    );
    for (const label of ['Try-Ons from Nov 28: red tee', 'Try-Ons from Nov 28: red tee, back']) {
      await user.type(sku(dialog, label), 'tee-01');
    }
    await user.type(sku(dialog, 'Try-Ons from Nov 27: kurta'), 'kurta_204');
    expect(sku(dialog, 'Try-Ons from Nov 28: red tee, back')).toHaveAccessibleDescription(
      'In the pack: tee-01_2.jpg',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Include them as they are' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create pack' }));

    await within(dialog).findByText(/Your Myntra pack is ready/);
    expect(calls[0]?.body).toMatchObject({ marketplace: 'myntra', fix: false });
  });

  it('asks for a SKU it can use in file names, on the first field in error, and sends nothing', async () => {
    const calls: { body: Record<string, unknown>; idempotencyKey: string | null }[] = [];
    server.use(listingPackHandler(packFixture(), calls));
    const { dialog, user } = await openPack(ITEMS);

    await user.type(sku(dialog, 'Try-Ons from Nov 28: red tee'), '--');
    await user.type(sku(dialog, 'Try-Ons from Nov 27: kurta'), 'K1');
    await user.click(within(dialog).getByRole('button', { name: 'Create pack' }));

    expect(sku(dialog, 'Try-Ons from Nov 28: red tee')).toHaveAccessibleDescription(
      'Amazon file names keep only letters and digits: use at least one.',
    );
    expect(sku(dialog, 'Try-Ons from Nov 28: red tee, back')).toHaveAccessibleDescription(
      'Enter a SKU.',
    );
    expect(sku(dialog, 'Try-Ons from Nov 28: red tee')).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('shows it is working, then the files with their verdicts, and starts the download', async () => {
    const hold = deferred();
    const hrefs = recordLinkClicks();
    server.use(
      listingPackHandler(
        packFixture({
          files: [
            {
              file: 'TEE01.MAIN.jpg',
              sku: 'TEE01',
              slot: 'main',
              compliant: true,
              fixedBy: 'gen_f',
            },
            {
              file: 'TEE01.PT01.jpg',
              sku: 'TEE01',
              slot: 'additional',
              compliant: false,
              fixedBy: null,
            },
          ],
          creditCost: 1,
        }),
        [],
        hold.promise,
      ),
    );
    const { dialog, user } = await openPack({
      kind: 'items',
      items: ITEM_LIST.slice(0, 2),
    });
    await user.type(sku(dialog, 'Try-Ons from Nov 28: red tee'), 'TEE01');
    await user.type(sku(dialog, 'Try-Ons from Nov 28: red tee, back'), 'TEE01');
    await user.click(within(dialog).getByRole('button', { name: 'Create pack' }));

    expect(
      await within(dialog).findByRole('progressbar', { name: 'Listing pack progress' }),
    ).toBeVisible();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Making your Amazon pack: checking 2 images and fixing the ones that fail…',
    );
    hold.release();

    const files = await within(dialog).findByRole('table', {
      name: 'Files in Amazon listing pack.zip',
    });
    expect(within(files).getByRole('row', { name: /TEE01\.MAIN\.jpg/ })).toHaveTextContent(
      '✓ Passes',
    );
    expect(within(files).getByRole('row', { name: /TEE01\.PT01\.jpg/ })).toHaveTextContent(
      '✗ Fails',
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Your Amazon pack is ready: 2 images in 1 listing. The download has started.',
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 image fails a rule');
    expect(within(dialog).getByRole('status')).toHaveTextContent('The fixes used 1 credit.');
    expect(hrefs).toEqual(['/api/v1/listing/packs/token-1']);
    expect(
      within(dialog).getByRole('link', { name: 'Download Amazon listing pack.zip' }),
    ).toHaveAttribute('href', '/api/v1/listing/packs/token-1');
  });

  it('shows the server’s message when the pack fails, with the choices kept', async () => {
    server.use(
      listingPackHandler({
        status: 402,
        code: 'insufficient_credits',
        message: 'You need 3 more credits.',
      }),
    );
    const { dialog, user } = await openPack(CATALOGUE);
    await user.click(within(dialog).getByRole('button', { name: 'Create pack' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The pack could not be made. You need 3 more credits.',
    );
    expect(sku(dialog, 'red-tee')).toHaveValue('red-tee');
    expect(within(dialog).getByRole('button', { name: 'Create pack' })).toBeEnabled();
  });

  it('offers the chosen marketplace first and a catalogue’s garments by name, one listing each', async () => {
    chooseMarketplaces(['myntra', 'etsy']);
    const calls: { body: Record<string, unknown>; idempotencyKey: string | null }[] = [];
    server.use(listingPackHandler(packFixture(), calls));
    recordLinkClicks();
    const { dialog, user } = await openPack(CATALOGUE);

    expect(within(dialog).getByRole('combobox', { name: 'Marketplace' })).toHaveValue('myntra');
    expect(sku(dialog, 'sku-204-kurta')).toHaveValue('sku-204-kurta');
    expect(sku(dialog, 'sku-204-kurta')).toHaveAccessibleDescription(
      'In the pack: sku-204-kurta_1.jpg, sku-204-kurta_2.jpg',
    );
    await user.clear(sku(dialog, 'red-tee'));
    await user.type(sku(dialog, 'red-tee'), 'TEE01');
    await user.click(within(dialog).getByRole('button', { name: 'Create pack' }));

    await waitFor(() => {
      expect(calls[0]?.body).toEqual({
        marketplace: 'myntra',
        fix: true,
        userId: testUser.id,
        batchId: 'batch_1',
        skus: ['TEE01', 'sku-204-kurta'],
      });
    });
  });
});
