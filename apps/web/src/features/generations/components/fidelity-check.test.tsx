import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GarmentFidelity, Generation } from '@studio/contract';
import { generationFixture } from '@/testing/generation-handlers';
import { renderWithProviders } from '@/testing/render';
import { errorResponse, server } from '@/testing/server';
import { mockToolOutputs, siteInfoLoaded } from '@/testing/site-info-handlers';
import { FidelityBadge } from './fidelity-badge';
import { FidelityCheck } from './fidelity-check';

const passed: NonNullable<GarmentFidelity> = {
  passed: true,
  colourDifference: 1.24,
  patternSimilarity: 0.963,
  freeRegenerationOffered: false,
  freeRegenerationId: null,
};
const failed: NonNullable<GarmentFidelity> = {
  passed: false,
  colourDifference: 8.2,
  patternSimilarity: 0.91,
  freeRegenerationOffered: true,
  freeRegenerationId: null,
};

const tryOn = (fidelity: GarmentFidelity, overrides: Partial<Generation> = {}) =>
  generationFixture({
    id: 'gen_tryon',
    type: 'try-on',
    status: 'succeeded',
    progress: 100,
    imageUrls: ['/api/v1/media/out-1'],
    fidelity,
    ...overrides,
  });

const renderCheck = (generation: Generation) =>
  renderWithProviders(
    <FidelityCheck
      generation={generation}
      renderRerun={(rerun) => <img alt={`Result ${rerun.id}`} src={rerun.imageUrls[0]} />}
    />,
  );

describe('FidelityBadge', () => {
  it('says "Colour true" with the figures in its label', () => {
    renderWithProviders(<FidelityBadge fidelity={passed} />);
    expect(
      screen.getByLabelText(
        'Colour check: colour true (colour difference ΔE 1.2, pattern 96% alike)',
      ),
    ).toHaveTextContent('Colour true');
  });

  it('says "Check colour" for a result that failed', () => {
    renderWithProviders(<FidelityBadge fidelity={failed} />);
    expect(screen.getByLabelText(/^Colour check: check colour/)).toHaveTextContent('Check colour');
  });
});

describe('FidelityCheck', () => {
  it('shows nothing for a result the check does not cover', () => {
    renderCheck(tryOn(null, { type: 'upscaler' }));
    expect(screen.queryByRole('group', { name: 'Garment colour check' })).not.toBeInTheDocument();
  });

  it('shows no colour badge and no regeneration on a labelled preview (ADR 048)', async () => {
    mockToolOutputs();
    const { queryClient } = renderCheck(tryOn(failed));
    await siteInfoLoaded(queryClient);
    expect(screen.queryByRole('group', { name: 'Garment colour check' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Colour check/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regenerate free' })).not.toBeInTheDocument();
  });

  it('offers no regeneration for a result that passed', () => {
    renderCheck(tryOn(passed));
    const check = screen.getByRole('group', { name: 'Garment colour check' });
    expect(check).toHaveTextContent('Colour true');
    expect(screen.queryByRole('button', { name: 'Regenerate free' })).not.toBeInTheDocument();
  });

  it('regenerates a failed result for free and shows the new result in place', async () => {
    const asked: string[] = [];
    server.use(
      http.post('/api/v1/generations/:id/free-regeneration', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json(
          { success: true, generationId: 'gen_rerun', status: 'queued' },
          { status: 202 },
        );
      }),
      http.get('/api/v1/generations/gen_rerun', () =>
        HttpResponse.json({
          success: true,
          generation: tryOn(
            { ...passed, colourDifference: 0.8 },
            { id: 'gen_rerun', creditCost: 0, imageUrls: ['/api/v1/media/rerun-1'] },
          ),
        }),
      ),
    );
    const { user } = renderCheck(tryOn(failed));

    const button = screen.getByRole('button', { name: 'Regenerate free' });
    expect(button).toHaveAccessibleDescription(
      'The garment may not match your photo. Regenerate this result once, free of charge.',
    );
    await user.click(button);

    const rerun = await screen.findByRole('group', { name: 'Free regeneration' });
    expect(asked).toEqual(['gen_tryon']);
    expect(screen.getByRole('img', { name: 'Result gen_rerun' })).toBeInTheDocument();
    expect(rerun).toHaveTextContent('Colour true');
    expect(screen.queryByRole('button', { name: 'Regenerate free' })).not.toBeInTheDocument();
  });

  it('says why when the free regeneration was already used', async () => {
    server.use(
      http.post('/api/v1/generations/:id/free-regeneration', () =>
        errorResponse(
          409,
          'free_regeneration_used',
          'The free regeneration of this result was already used. You can still generate it again with credits.',
        ),
      ),
    );
    const { user } = renderCheck(tryOn(failed));
    await user.click(screen.getByRole('button', { name: 'Regenerate free' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The free regeneration of this result was already used.',
    );
  });

  it('shows a regeneration already asked for instead of offering another', async () => {
    server.use(
      http.get('/api/v1/generations/gen_earlier', () =>
        HttpResponse.json({
          success: true,
          generation: tryOn(passed, { id: 'gen_earlier', imageUrls: ['/api/v1/media/e-1'] }),
        }),
      ),
    );
    renderCheck(
      tryOn({ ...failed, freeRegenerationOffered: false, freeRegenerationId: 'gen_earlier' }),
    );
    expect(screen.queryByRole('button', { name: 'Regenerate free' })).not.toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Result gen_earlier' })).toBeInTheDocument();
  });
});
