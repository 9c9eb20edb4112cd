import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  estimateHandler,
  generateFailureHandlers,
  generateHandlers,
  generationFixture,
  generationSequence,
  mediaUrl,
  type RecordedGenerate,
} from '@/testing/generation-handlers';
import {
  checkFixture,
  chooseMarketplaces,
  listingCheckHandler,
  type RecordedCheck,
} from '@/testing/listing-handlers';
import { sessionQueryOptions } from '@/features/auth';
import { createTestQueryClient, renderWithProviders } from '@/testing/render';
import { mockSignedIn, server } from '@/testing/server';
import type { ListingCheck } from '@studio/contract';
import { ListingBadges } from './listing-badges';

const FIXED_ID = 'gen_fix';

/**
 * A card's Amazon badge (Myntra's with `myntra`), clicked once its check is in: answers the open
 * dialog. `answer` checks each image (the original is gen_1, the fixed one gen_fix).
 */
async function openCheck(
  answer: (body: RecordedCheck) => ListingCheck | 'error',
  marketplace: 'amazon' | 'myntra' = 'amazon',
) {
  const checks: RecordedCheck[] = [];
  mockSignedIn();
  chooseMarketplaces([marketplace]);
  server.use(listingCheckHandler(answer, checks));
  const queryClient = createTestQueryClient();
  await queryClient.query(sessionQueryOptions);
  const rendered = renderWithProviders(
    <ListingBadges target={{ generationId: 'gen_1' }} subject="Try-Ons from Nov 28, 2026" />,
    { queryClient },
  );
  const badge = await screen.findByRole('button', { name: /^(Amazon|Myntra)(:| passes)/ });
  await waitFor(() => {
    expect(badge).not.toHaveAttribute('aria-busy');
  });
  await rendered.user.click(badge);
  const name = marketplace === 'amazon' ? 'Amazon' : 'Myntra';
  const dialog = await screen.findByRole('dialog', { name: `${name} listing check` });
  return { ...rendered, dialog, checks };
}

const failingOriginal = (failing: string[], notFixable: string[] = []) =>
  function answer(body: RecordedCheck): ListingCheck {
    if (body.generationId === FIXED_ID) return checkFixture({ slot: 'main' });
    return checkFixture({ slot: body.slot as ListingCheck['slot'], failing, notFixable });
  };

describe('the check dialog', () => {
  it('lists every rule with what it requires, what the image has, the verdict and its source', async () => {
    const { dialog } = await openCheck(failingOriginal(['background', 'fill'], ['fill']));

    const table = within(dialog).getByRole('table', { name: /Amazon main image rules/ });
    const background = within(table).getByRole('row', { name: /^Background/ });
    expect(background).toHaveTextContent('pure white (#FFFFFF ± 2)');
    expect(background).toHaveTextContent('#F4F1EC');
    expect(background).toHaveTextContent('✗ Fails');
    expect(background).toHaveTextContent('Fix repairs it');
    expect(within(table).getByRole('row', { name: /^Product fill/ })).toHaveTextContent(
      'Not fixable here',
    );
    expect(within(table).getByRole('row', { name: /^File type/ })).toHaveTextContent('✓ Passes');
    expect(within(dialog).getByText('2 issues for Amazon’s main image.')).toBeInTheDocument();

    // Each rule links the page it was read on; Amazon's file size is from a third party.
    const source = within(background).getByRole('link', { name: /Source of the Background rule/ });
    expect(source).toHaveAttribute('href', expect.stringContaining('sellercentral.amazon'));
    expect(source).toHaveAttribute('target', '_blank');
    expect(within(table).getByRole('row', { name: /^File size/ })).toHaveTextContent('unconfirmed');
    expect(background).not.toHaveTextContent('unconfirmed');
    expect(within(dialog).getByText(/^Unconfirmed: read on/)).toBeInTheDocument();
  });

  it('names the rules no measurement decides as things to check yourself', async () => {
    const { dialog } = await openCheck(failingOriginal(['background']));
    const own = within(dialog).getByRole('region', { name: 'Check these yourself' });
    expect(own).toHaveTextContent('No text, logos, graphics or watermarks on the main image');
    expect(within(own).getByRole('link', { name: /^Source/ })).toBeInTheDocument();
  });

  it('checks the slot chosen: Amazon has a swatch, Myntra none', async () => {
    const { dialog, user, checks } = await openCheck(failingOriginal(['background']));
    const slots = within(dialog).getByRole('radiogroup', { name: 'Image slot' });
    expect(
      within(slots)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Main image', 'Additional image', 'Swatch']);

    await user.click(within(slots).getByRole('radio', { name: 'Swatch' }));
    expect(await within(dialog).findByRole('table', { name: /Amazon swatch rules/ })).toBeVisible();
    expect(checks).toContainEqual({ generationId: 'gen_1', marketplace: 'amazon', slot: 'swatch' });
  });

  it('offers Myntra’s two slots, and no Fix for an image that passes', async () => {
    const { dialog } = await openCheck(
      (body) => checkFixture({ marketplace: 'myntra', slot: body.slot as ListingCheck['slot'] }),
      'myntra',
    );
    const slots = within(dialog).getByRole('radiogroup', { name: 'Image slot' });
    expect(within(slots).getAllByRole('radio')).toHaveLength(2);
    // A compliant image has nothing to fix.
    expect(within(dialog).getByText('Passes Myntra’s main image rules.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Fix/ })).not.toBeInTheDocument();
  });

  it('fixes: shows the cost, the progress, then the new image passing its check', async () => {
    const calls: RecordedGenerate[] = [];
    const estimates: Record<string, unknown>[] = [];
    server.use(
      estimateHandler({ creditCost: 1, available: 7 }, estimates),
      ...generateHandlers(calls, { generationId: FIXED_ID }),
      generationSequence([
        generationFixture({
          id: FIXED_ID,
          type: 'listing-prepare',
          status: 'running',
          progress: 40,
        }),
        generationFixture({
          id: FIXED_ID,
          type: 'listing-prepare',
          status: 'succeeded',
          progress: 100,
          imageUrls: [mediaUrl('fixed-1')],
        }),
      ]),
    );
    const { dialog, user, checks } = await openCheck(failingOriginal(['background', 'fill']));

    const fix = within(dialog).getByRole('region', { name: 'Fix' });
    expect(fix).toHaveTextContent('Fix can repair Background and Product fill.');
    const estimate = await within(fix).findByRole('group', { name: 'Credit estimate' });
    await waitFor(() => {
      expect(estimate).toHaveTextContent('Estimated cost: 1 credit');
    });
    expect(estimates[0]).toMatchObject({ feature: 'listing-prepare', marketplace: 'amazon' });

    await user.click(within(fix).getByRole('button', { name: 'Fix for Amazon' }));
    expect(await within(dialog).findByText('Generating…')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/listing/prepare']);
    expect(calls[0]?.body).toMatchObject({
      generationId: 'gen_1',
      marketplace: 'amazon',
      slot: 'main',
    });

    const fixed = await within(dialog).findByRole(
      'region',
      { name: 'Fixed image' },
      { timeout: 10_000 },
    );
    expect(
      await within(fixed).findByText(/Fixed: the new image passes Amazon’s main image rules/),
    ).toBeInTheDocument();
    expect(within(fixed).getByRole('img', { name: 'The image fixed for Amazon' })).toHaveAttribute(
      'src',
      mediaUrl('fixed-1'),
    );
    expect(checks).toContainEqual({ generationId: FIXED_ID, marketplace: 'amazon', slot: 'main' });
  });

  it('partly fixed: names the rules the new image still fails', async () => {
    server.use(
      ...generateHandlers([], { generationId: FIXED_ID }),
      generationSequence([
        generationFixture({
          id: FIXED_ID,
          type: 'listing-prepare',
          status: 'succeeded',
          imageUrls: [mediaUrl('fixed-1')],
        }),
      ]),
    );
    const { dialog, user } = await openCheck((body) =>
      body.generationId === FIXED_ID
        ? checkFixture({ failing: ['pixels'], notFixable: ['pixels'] })
        : checkFixture({ failing: ['background', 'pixels'], notFixable: ['pixels'] }),
    );
    const fix = within(dialog).getByRole('region', { name: 'Fix' });
    expect(fix).toHaveTextContent(
      'Fix can repair Background, not Size in pixels: that needs a new photo or an edit.',
    );
    await user.click(within(fix).getByRole('button', { name: 'Fix for Amazon' }));
    expect(
      await within(dialog).findByText(/Partly fixed: Size in pixels still fails/),
    ).toBeInTheDocument();
  });

  it('a failed fix shows the server’s message and says nothing is lost', async () => {
    server.use(
      ...generateFailureHandlers(502, 'generation_failed', 'The cut-out model is not available.'),
    );
    const { dialog, user } = await openCheck(failingOriginal(['background']));
    await user.click(within(dialog).getByRole('button', { name: 'Fix for Amazon' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The cut-out model is not available.');
    expect(alert).toHaveTextContent(
      'Your image is unchanged, and a fix that fails is not charged.',
    );
    expect(within(dialog).getByRole('button', { name: 'Try the fix again' })).toBeEnabled();
    // The original check stays on screen.
    expect(within(dialog).getByRole('table', { name: /Amazon main image rules/ })).toBeVisible();
  });

  it('offers no Fix when nothing that fails can be fixed, and says what needs a new photo', async () => {
    const { dialog } = await openCheck(failingOriginal(['pixels'], ['pixels']));
    expect(within(dialog).getByRole('region', { name: 'Fix' })).toHaveTextContent(
      'Fix cannot repair Size in pixels: that needs a new photo or an edit.',
    );
    expect(within(dialog).queryByRole('button', { name: /Fix for/ })).not.toBeInTheDocument();
  });

  it('says the check could not be done, and checks again', async () => {
    let fail = true;
    const { dialog, user } = await openCheck(() => (fail ? 'error' : checkFixture()));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Could not check this image: The checker is down.',
    );
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Check again' }));
    expect(
      await within(dialog).findByText('Passes Amazon’s main image rules.'),
    ).toBeInTheDocument();
  });
});
