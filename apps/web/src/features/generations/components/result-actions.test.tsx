import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GenerationType } from '@studio/contract';
import { renderWithProviders } from '@/testing/render';
import { mockToolOutputs, siteInfoLoaded } from '@/testing/site-info-handlers';
import { ResultActions } from './result-actions';

const renderActions = async (tool: GenerationType) => {
  const view = renderWithProviders(
    <ResultActions
      url="/api/v1/media/out-1"
      filename="result-1.jpg"
      index={null}
      generationId="gen_1"
      tool={tool}
      prompt="red dress"
      videoAccess="open"
    />,
  );
  await siteInfoLoaded(view.queryClient);
  return view;
};

describe('ResultActions and what the studio makes (ADR 048)', () => {
  it('offers HD and Create Video on a real result', async () => {
    mockToolOutputs();
    await renderActions('ai-designer');
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Video' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'HD' })).toBeInTheDocument();
  });

  it('offers only Download on a labelled preview: no paid follow-up', async () => {
    mockToolOutputs();
    await renderActions('ai-poses');
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Create Video/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /HD/ })).not.toBeInTheDocument();
  });

  it('offers the follow-ups where the same tool is real', async () => {
    mockToolOutputs([]);
    await renderActions('ai-poses');
    expect(screen.getByRole('link', { name: 'HD' })).toBeInTheDocument();
  });
});
