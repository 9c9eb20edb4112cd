import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { mockToolOutputs, siteInfoLoaded } from '@/testing/site-info-handlers';
import { previewToolsLine } from '../lib/tool-output-words';
import { ToolOutputBadge } from './tool-output-badge';
import { ToolOutputNote } from './tool-output-note';

describe('ToolOutputNote', () => {
  it('tells the seller, before any upload, that the tool only previews here and that previews are free', async () => {
    mockToolOutputs();
    renderWithProviders(<ToolOutputNote tool="try-on" />);
    expect(
      await screen.findByRole('note', { name: 'What this tool makes here' }),
    ).toHaveTextContent(
      'This studio shows a labelled preview for this tool; real results are not available here yet. Previews are free.',
    );
    expect(screen.queryByText(/configure|fal/i)).not.toBeInTheDocument();
  });

  it('says when the tool is not available here', async () => {
    mockToolOutputs([], ['video-generation']);
    renderWithProviders(<ToolOutputNote tool="video-generation" />);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'This tool is not available in this studio yet.',
    );
  });

  it('says nothing for a real tool', async () => {
    mockToolOutputs();
    const { queryClient } = renderWithProviders(<ToolOutputNote tool="photoshoot" />);
    await siteInfoLoaded(queryClient);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});

describe('ToolOutputBadge', () => {
  it('tags a preview tool and leaves a real one alone', async () => {
    mockToolOutputs();
    const { queryClient } = renderWithProviders(
      <>
        <ToolOutputBadge tool="ai-poses" />
        <ToolOutputBadge tool="upscaler" />
      </>,
    );
    await siteInfoLoaded(queryClient);
    expect(screen.getAllByText('Preview only here')).toHaveLength(1);
  });
});

describe('previewToolsLine', () => {
  it('names the preview tools by their labels, or says nothing when all are real', () => {
    expect(previewToolsLine(['ai-poses'])).toBe(
      'In this studio, AI Pose Change shows free labelled previews; real results are not available here yet.',
    );
    expect(previewToolsLine(['try-on', 'ai-poses', 'fashion-extractor'])).toBe(
      'In this studio, Clothes AI Photoshoot, AI Pose Change and Fashion Extractor show free labelled previews; real results are not available here yet.',
    );
    expect(previewToolsLine([])).toBeNull();
  });
});
