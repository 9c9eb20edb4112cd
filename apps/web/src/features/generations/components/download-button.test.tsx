import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { openInNewTab, saveFile } from '../lib/download';
import { DownloadButton } from './download-button';

vi.mock('../lib/download', () => ({ saveFile: vi.fn(), openInNewTab: vi.fn() }));

const save = vi.mocked(saveFile);
const open = vi.mocked(openInNewTab);

beforeEach(() => {
  save.mockReset();
  open.mockReset();
});

describe('DownloadButton', () => {
  it('saves the file under its name', async () => {
    save.mockResolvedValue(undefined);
    const { user } = renderWithProviders(
      <DownloadButton url="/api/v1/media/out_1" filename="upscaled-image.jpg" />,
    );

    await user.click(screen.getByRole('button', { name: 'Download' }));

    expect(save).toHaveBeenCalledWith(
      '/api/v1/media/out_1',
      'upscaled-image.jpg',
      expect.any(AbortSignal),
    );
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
    });
    expect(open).not.toHaveBeenCalled();
  });

  it('opens the file in a new tab when saving fails', async () => {
    save.mockRejectedValue(new Error('HTTP error! status: 500'));
    const { user } = renderWithProviders(
      <DownloadButton url="/api/v1/media/out_1" filename="canvas-editor-result.jpg" />,
    );

    await user.click(screen.getByRole('button', { name: 'Download' }));

    await waitFor(() => {
      expect(open).toHaveBeenCalledWith('/api/v1/media/out_1');
    });
  });
});
