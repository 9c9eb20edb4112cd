import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { mockToolOutputs, siteInfoLoaded } from '@/testing/site-info-handlers';
import { FeatureCardGrid } from './feature-card-grid';

describe('dashboard feature cards and what the studio makes (ADR 048)', () => {
  it('tag exactly the cards of tools that only preview here', async () => {
    mockToolOutputs();
    const { queryClient } = renderWithProviders(<FeatureCardGrid />);
    await siteInfoLoaded(queryClient);
    const tagged = screen
      .getAllByRole('link')
      .filter((link) => link.textContent.includes('Preview only here'))
      .map((link) => link.querySelector('.font-semibold')?.textContent);
    expect(tagged).toEqual([
      'Advance Clothes AI Photoshoot',
      'Outfit Picker',
      'AI Pose Change',
      'Dummy/Mannequin to AI Model',
      'Clothes Catalogue Generator',
    ]);
    // The tag is part of the card's name, so a screen reader hears it with the tool.
    expect(screen.getByRole('link', { name: /^AI Pose Change Preview only here/ })).toBeVisible();
  });

  it('tag nothing when every tool is real', async () => {
    const { queryClient } = renderWithProviders(<FeatureCardGrid />);
    await siteInfoLoaded(queryClient);
    expect(screen.queryByText('Preview only here')).not.toBeInTheDocument();
  });
});
