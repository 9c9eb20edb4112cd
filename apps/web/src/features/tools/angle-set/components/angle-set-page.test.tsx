import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  generationFixture,
  generationSequence,
  mediaUrl,
  pngFile,
  stubObjectUrls,
  toolHandlers,
  UPLOADED_URL,
  type RecordedGenerate,
} from '@/testing/generation-handlers';
import { renderWithProviders } from '@/testing/render';
import { mockSignedIn, server } from '@/testing/server';
import { AngleSetPage } from './angle-set-page';

function open(estimates: Record<string, unknown>[] = []) {
  const calls: RecordedGenerate[] = [];
  stubObjectUrls();
  mockSignedIn({ plan: 'pro' });
  server.use(...toolHandlers('angle-set', { plan: 'pro', calls, estimates }));
  return { ...renderWithProviders(<AngleSetPage />, { path: '/angle-sets' }), calls };
}

type User = ReturnType<typeof open>['user'];

async function uploadLook(user: User) {
  await user.upload(screen.getByLabelText('Upload a photo'), pngFile('look.png'));
  await screen.findByText('Upload successful!');
}

const views = () => within(screen.getByRole('group', { name: 'Views' }));

describe('angle sets', () => {
  it('sends the views left checked, in the set’s order, and prices them', async () => {
    const estimates: Record<string, unknown>[] = [];
    const { user, calls } = open(estimates);
    await uploadLook(user);
    await user.click(views().getByRole('checkbox', { name: 'Detail' }));
    await user.click(views().getByRole('checkbox', { name: 'Front' }));
    server.use(generationSequence([generationFixture({ type: 'angle-set', status: 'running' })]));

    await user.click(screen.getByRole('button', { name: 'Generate Angle Set' }));

    await screen.findByRole('button', { name: /Generating/ });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({
      imageUrl: UPLOADED_URL,
      category: 'auto',
      views: ['side', 'back'],
    });
    expect(estimates.at(-1)).toMatchObject({ views: ['side', 'back'] });
  });

  it('refuses to send a set with no view', async () => {
    const { user, calls } = open();
    await uploadLook(user);
    for (const name of ['Front', 'Side', 'Back', 'Detail']) {
      await user.click(views().getByRole('checkbox', { name }));
    }

    await user.click(screen.getByRole('button', { name: 'Generate Angle Set' }));

    expect(await screen.findByText('Choose at least one view')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('captions each view of the result with the listing slot it fills', async () => {
    const { user } = open();
    await uploadLook(user);
    const urls = ['front', 'side', 'back', 'detail'].map((v) => mediaUrl(`view_${v}`));
    server.use(
      generationSequence([
        generationFixture({
          type: 'angle-set',
          status: 'succeeded',
          imageUrls: urls,
          views: [
            { url: urls[0] ?? '', view: 'front', slot: 'main' },
            { url: urls[1] ?? '', view: 'side', slot: 'additional' },
            { url: urls[2] ?? '', view: 'back', slot: 'additional' },
            { url: urls[3] ?? '', view: 'detail', slot: 'swatch' },
          ],
        }),
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Generate Angle Set' }));

    const captions = await screen.findByRole('list', { name: 'Views' });
    expect(
      within(captions)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '1. Front · main image',
      '2. Side · additional image',
      '3. Back · additional image',
      '4. Detail · swatch',
    ]);
  });
});
