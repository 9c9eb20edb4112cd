import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  colourwayGeneration,
  colourwayHandlers,
  type ColourwayFake,
} from '@/testing/colourway-handlers';
import { pngFile, stubObjectUrls, UPLOADED_URL } from '@/testing/generation-handlers';
import { renderWithProviders } from '@/testing/render';
import { mockSignedIn, server } from '@/testing/server';
import { ColourwaysPage } from './colourways-page';

function open(fake: Partial<ColourwayFake> = {}) {
  const state: ColourwayFake = {
    sent: [],
    finish: (variant, index) => colourwayGeneration(variant, index),
    ...fake,
  };
  stubObjectUrls();
  mockSignedIn();
  server.use(...colourwayHandlers(state));
  const rendered = renderWithProviders(<ColourwaysPage />, { path: '/colourways' });
  return { ...rendered, fake: state };
}

type User = ReturnType<typeof open>['user'];

const variants = () => within(screen.getByRole('list', { name: 'Variants' }));

async function uploadGarment(user: User) {
  await user.upload(screen.getByLabelText('Upload garment photo'), pngFile('tee.png'));
  await screen.findByText('Garment photo uploaded.');
}

/** Types variant `index`'s (1-based) name and colour. */
async function fillVariant(user: User, index: number, name: string, colour: string) {
  await user.type(variants().getByLabelText(`Name or SKU (${String(index)})`), name);
  await user.type(variants().getByLabelText(`Colour (${String(index)})`), colour);
}

const generate = (user: User) =>
  user.click(screen.getByRole('button', { name: /Generate Colourways|Generating/ }));

describe('colourways', () => {
  it('sends each variant by name with its colour as #rrggbb and shows each result with its ΔE', async () => {
    const { user, fake } = open();
    await uploadGarment(user);
    await fillVariant(user, 1, 'TEE-NAVY', '#1F3A5F');
    await user.click(screen.getByRole('button', { name: 'Add variant' }));
    await fillVariant(user, 2, 'TEE-RED', 'crimson');

    await generate(user);

    const results = await screen.findByRole('list', { name: 'Colourways' });
    await waitFor(() => {
      expect(within(results).getAllByRole('img')).toHaveLength(2);
    });
    expect(fake.sent).toEqual([
      {
        userId: expect.any(String) as unknown,
        imageUrl: UPLOADED_URL,
        category: 'auto',
        variants: [
          { name: 'TEE-NAVY', colour: '#1f3a5f' },
          { name: 'TEE-RED', colour: '#dc143c' },
        ],
      },
    ]);
    expect(within(results).getByRole('img', { name: 'TEE-NAVY in #1f3a5f' })).toBeInTheDocument();
    expect(within(results).getByText(/ΔE 0\.4 · match/)).toBeInTheDocument();
    expect(within(results).getByText(/ΔE 0\.5 · match/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download all (zip)' })).toHaveAttribute(
      'href',
      '/api/v1/colourways/cws_1/zip',
    );
  });

  it('asks for a name of its own and a colour on each row before sending anything', async () => {
    const { user, fake } = open();
    await uploadGarment(user);
    await fillVariant(user, 1, 'Navy', 'sunset');
    await user.click(screen.getByRole('button', { name: 'Add variant' }));
    await fillVariant(user, 2, 'navy', '#000080');

    await generate(user);

    expect(
      await screen.findByText('Check the variants: each needs a name of its own and a colour.'),
    ).toBeInTheDocument();
    expect(variants().getByLabelText('Colour (1)')).toHaveAccessibleDescription(
      /Not a colour we know/,
    );
    expect(variants().getByLabelText('Name or SKU (2)')).toHaveAccessibleDescription(
      'Another variant has this name',
    );
    expect(fake.sent).toEqual([]);
  });

  it('says why a variant failed and that its credit came back, beside the others', async () => {
    const reason =
      'This colour is too light for this garment: its shading would be lost. The nearest that keeps it is #f7f7f7.';
    const { user } = open({
      finish: (variant, index) =>
        index === 1
          ? colourwayGeneration(variant, index, {
              status: 'failed',
              outputUrl: null,
              thumbnailUrl: null,
              measure: null,
              error: reason,
            })
          : colourwayGeneration(variant, index),
    });
    await uploadGarment(user);
    await fillVariant(user, 1, 'BLACK', '#111111');
    await user.click(screen.getByRole('button', { name: 'Add variant' }));
    await fillVariant(user, 2, 'WHITE', '#ffffff');

    await generate(user);

    const results = await screen.findByRole('list', { name: 'Colourways' });
    expect(
      await within(results).findByText(`${reason} Its credit was refunded.`),
    ).toBeInTheDocument();
    expect(within(results).getByRole('img', { name: 'BLACK in #111111' })).toBeInTheDocument();
    expect(screen.getByText(/1 of 2 colourways made/)).toBeInTheDocument();
  });

  it('opens the insufficient-credits dialog when the set costs more than the balance', async () => {
    const { user } = open({
      refuse: [402, 'insufficient_credits', 'You need 2 credits; you have 1.'],
    });
    await uploadGarment(user);
    await fillVariant(user, 1, 'NAVY', 'navy');

    await generate(user);

    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
