import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { mockToolOutputs, siteInfoLoaded } from '@/testing/site-info-handlers';
import { BrandPanel } from './brand-panel';

describe('BrandPanel (login hero)', () => {
  it('names the tools this studio only previews, in a seller’s words', async () => {
    mockToolOutputs();
    renderWithProviders(<BrandPanel />);
    const hero = screen.getByRole('region', { name: 'About AI Product Studio', hidden: true });
    expect(
      await screen.findByText(/show free labelled previews/, undefined, { timeout: 3000 }),
    ).toHaveTextContent(
      'In this studio, Clothes AI Photoshoot, Advance Clothes AI Photoshoot, AI Pose Change and Fashion Extractor show free labelled previews; real results are not available here yet.',
    );
    expect(hero).not.toHaveTextContent(/configure/i);
  });

  it('adds nothing when every tool is real', async () => {
    const { queryClient } = renderWithProviders(<BrandPanel />);
    await siteInfoLoaded(queryClient);
    expect(screen.queryByText(/labelled previews/)).not.toBeInTheDocument();
  });
});
