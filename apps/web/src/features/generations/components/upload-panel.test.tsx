import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pngFile } from '@/testing/generation-handlers';
import { renderWithProviders } from '@/testing/render';
import type { UploadState } from '../hooks/use-image-upload';
import { UploadPanel } from './upload-panel';

function uploadState(state: Partial<UploadState> = {}) {
  return {
    status: 'idle' as const,
    image: null,
    message: null,
    detail: null,
    ...state,
    upload: vi.fn(),
    clear: vi.fn(),
  };
}

function renderPanel(state: Partial<UploadState> = {}) {
  const upload = {
    status: 'idle' as const,
    image: null,
    message: null,
    detail: null,
    ...state,
    upload: vi.fn(),
    clear: vi.fn(),
  };
  const rendered = renderWithProviders(
    <UploadPanel upload={upload} hint="PNG, JPG, WebP up to 10MB" />,
  );
  return { ...rendered, upload };
}

/** The panel after another focusable control, as a tool screen has ('Use as input' hands an image over). */
function besideAnotherButton(upload: ReturnType<typeof uploadState>) {
  return (
    <>
      <button type="button">Use as input</button>
      <UploadPanel upload={upload} hint="PNG" />
    </>
  );
}

describe('UploadPanel', () => {
  it('offers a labelled image file input with the hint', () => {
    renderPanel();

    const input = screen.getByLabelText('Upload image');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(input).toHaveAccessibleDescription('PNG, JPG, WebP up to 10MB');
  });

  it('uploads a chosen file', async () => {
    const { user, upload } = renderPanel();
    const file = pngFile();

    await user.upload(screen.getByLabelText('Upload image'), file);

    expect(upload.upload).toHaveBeenCalledWith(file);
  });

  it('uploads a dropped file', () => {
    const { container, upload } = renderPanel();
    const file = pngFile();

    fireEvent.drop(container.firstElementChild as Element, { dataTransfer: { files: [file] } });

    expect(upload.upload).toHaveBeenCalledWith(file);
  });

  it('shows the image with a spinner while uploading, and clears it with the x button', async () => {
    const { user, upload } = renderPanel({
      status: 'uploading',
      image: { displayUrl: 'blob:local', url: null },
    });

    expect(screen.getByRole('img', { name: 'Uploaded image' })).toHaveAttribute(
      'src',
      'blob:local',
    );
    expect(screen.getByText('Uploading image…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(upload.clear).toHaveBeenCalledOnce();
  });

  it('moves focus to Remove image when the image replaces the focused input, and back when it goes', () => {
    const idle = uploadState();
    const uploaded = uploadState({ status: 'success', image: { displayUrl: '/m/1', url: '/m/1' } });
    const { rerender } = render(<UploadPanel upload={idle} hint="PNG" />);
    screen.getByLabelText('Upload image').focus();

    rerender(<UploadPanel upload={uploaded} hint="PNG" />);
    expect(screen.getByRole('button', { name: 'Remove image' })).toHaveFocus();

    // Removed, or its upload failed: the image goes.
    rerender(<UploadPanel upload={idle} hint="PNG" />);
    expect(screen.getByLabelText('Upload image')).toHaveFocus();
  });

  it('leaves focus alone when the image changes while focus is elsewhere', () => {
    const idle = uploadState();
    const stored = uploadState({ image: { displayUrl: '/m/1', url: '/m/1' } });
    const { rerender } = render(besideAnotherButton(idle));
    screen.getByRole('button', { name: 'Use as input' }).focus();

    rerender(besideAnotherButton(stored));

    expect(screen.getByRole('button', { name: 'Use as input' })).toHaveFocus();
  });

  it('moves no focus for a file dialog closed without a file, when an image comes later', () => {
    const idle = uploadState();
    const handedOver = uploadState({ image: { displayUrl: '/m/1', url: '/m/1' } });
    const { rerender } = render(besideAnotherButton(idle));
    // The dialog closed with nothing chosen; the user went on elsewhere.
    fireEvent.change(screen.getByLabelText('Upload image'), { target: { files: [] } });
    screen.getByRole('button', { name: 'Use as input' }).focus();

    rerender(besideAnotherButton(handedOver));

    expect(screen.getByRole('button', { name: 'Use as input' })).toHaveFocus();
  });

  it('cannot remove the image while locked', () => {
    render(
      <UploadPanel
        upload={uploadState({ image: { displayUrl: '/m/1', url: '/m/1' } })}
        hint="PNG"
        locked
      />,
    );

    expect(screen.getByRole('button', { name: 'Remove image' })).toBeDisabled();
  });

  it('announces success politely and failure as an alert', () => {
    const { unmount } = renderPanel({
      status: 'success',
      image: { displayUrl: '/m/1', url: '/m/1' },
      message: 'Image uploaded successfully!',
    });
    expect(screen.getByText('Image uploaded successfully!')).toHaveAttribute('role', 'status');
    unmount();

    renderPanel({
      status: 'error',
      message: 'Upload failed. Please try again.',
      detail: 'Too big.',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Upload failed. Please try again.Too big.');
  });
});
