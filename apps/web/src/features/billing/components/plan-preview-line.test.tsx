import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { mockToolOutputs, siteInfoLoaded } from '@/testing/site-info-handlers';
import { planCards } from '../lib/plan-cards';
import { PlanCard } from './plan-card';

const card = (family: 'free' | 'plus') => {
  const copy = planCards.find((c) => c.family === family);
  if (!copy) throw new Error(`no ${family} card`);
  return copy;
};

const renderCard = (family: 'free' | 'plus') =>
  renderWithProviders(
    <PlanCard
      copy={card(family)}
      product={null}
      currency="INR"
      isCurrent={false}
      busy={false}
      disabled={false}
      onChoose={() => undefined}
    />,
  );

describe('plan cards and what the studio makes (ADR 048)', () => {
  it("name the plan's tools that only preview here: the extractor from Plus", async () => {
    mockToolOutputs();
    renderCard('plus');
    expect(await screen.findByText(/free labelled previews/)).toHaveTextContent(
      'In this studio, Clothes AI Photoshoot, Advance Clothes AI Photoshoot, AI Pose Change and Fashion Extractor show free labelled previews; real results are not available here yet.',
    );
  });

  it('leave out a preview tool the plan does not include', async () => {
    mockToolOutputs();
    renderCard('free');
    expect(await screen.findByText(/free labelled previews/)).not.toHaveTextContent(
      'Fashion Extractor',
    );
  });

  it('say nothing when every tool is real', async () => {
    const { queryClient } = renderCard('plus');
    await siteInfoLoaded(queryClient);
    expect(screen.queryByText(/labelled previews/)).not.toBeInTheDocument();
  });
});
