import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/components/ui/toast';
import { renderWithProviders } from '@/testing/render';
import { saveFile } from '../lib/download';
import { DownloadButton } from './download-button';

vi.mock('../lib/download', () => ({ saveFile: vi.fn(), openInNewTab: vi.fn() }));
vi.mock('@/components/ui/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

const save = vi.mocked(saveFile);
const toastError = vi.mocked(notify.error);

beforeEach(() => {
  save.mockReset();
  toastError.mockReset();
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
    expect(toastError).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'Open file' })).not.toBeInTheDocument();
  });

  it('says the save failed and offers a link to the file until the next try', async () => {
    const open = vi.spyOn(window, 'open');
    save.mockRejectedValueOnce(new Error('HTTP error! status: 500'));
    const { user } = renderWithProviders(
      <DownloadButton url="/api/v1/media/out_1" filename="canvas-editor-result.jpg" />,
    );

    await user.click(screen.getByRole('button', { name: 'Download' }));

    const link = await screen.findByRole('link', { name: 'Open file' });
    expect(link).toHaveAttribute('href', '/api/v1/media/out_1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('download', 'canvas-editor-result.jpg');
    expect(toastError).toHaveBeenCalledWith(
      'Download failed. Open the file and save it from there.',
    );
    // A tab opened after the awaited fetch would be stopped by popup blockers.
    expect(open).not.toHaveBeenCalled();

    save.mockResolvedValueOnce(undefined);
    await user.click(screen.getByRole('button', { name: 'Download' }));

    expect(screen.queryByRole('link', { name: 'Open file' })).not.toBeInTheDocument();
  });
});
