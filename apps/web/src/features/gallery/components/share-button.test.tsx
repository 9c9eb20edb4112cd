import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { galleryItem, mediaHandler } from '@/testing/gallery-handlers';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import type { GalleryItem } from '@studio/contract';
import { shareText } from '../lib/share-links';
import { ShareButton } from './share-button';

const origin = 'http://localhost:3000';

function renderShare(item: GalleryItem, fakeTimers = false) {
  server.use(mediaHandler());
  return renderWithProviders(<ShareButton item={item} subject="Try-Ons from Jan 10, 2026" />, {
    userEventOptions: fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : undefined,
  });
}

/** Installs a share sheet on navigator for one test. */
function stubShareSheet(share: (data: ShareData) => Promise<void>, canShare = true) {
  const shareMock = vi.fn(share);
  Object.defineProperty(navigator, 'share', { value: shareMock, configurable: true });
  Object.defineProperty(navigator, 'canShare', { value: () => canShare, configurable: true });
  return shareMock;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'canShare');
  vi.useRealTimers();
});

const item = galleryItem({
  generationId: 'gen_s',
  imageUrlList: ['/api/v1/media/a', '/api/v1/media/b', '/api/v1/media/a'],
  videoUrlList: ['/api/v1/media/clip-1'],
});
const urls = [
  `${origin}/api/v1/media/a`,
  `${origin}/api/v1/media/b`,
  `${origin}/api/v1/media/clip-1`,
];

describe('share', () => {
  it('opens a dialog with share links when there is no system share sheet', async () => {
    const { user } = renderShare(item);

    await user.click(screen.getByRole('button', { name: 'Share' }));

    const dialog = await screen.findByRole('dialog', { name: 'Share generation' });
    const links = within(within(dialog).getByRole('list', { name: 'Share to' })).getAllByRole(
      'link',
    );
    expect(links.map((link) => link.textContent)).toEqual([
      'WhatsApp',
      'Telegram',
      'X (Twitter)',
      'Facebook',
      'Pinterest',
      'Email',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // The unique links, images then videos, travel URL-encoded in the share text.
    expect(links[0]).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(shareText(urls))}`,
    );
  });

  it('Copy Link copies the first media link and says so', async () => {
    const { user } = renderShare(item);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share generation' });

    await user.click(within(dialog).getByRole('button', { name: 'Copy Link' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Link copied');
    expect(await navigator.clipboard.readText()).toBe(`${origin}/api/v1/media/a`);
  });

  it('closes the dialog by itself after 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderShare(item, true);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByRole('dialog', { name: 'Share generation' });

    act(() => {
      vi.advanceTimersByTime(29_000);
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'Share' })).toHaveFocus();
  });

  it('uses the system share sheet with the files when there is one', async () => {
    const share = stubShareSheet(() => Promise.resolve());
    const many = galleryItem({
      imageUrlList: Array.from({ length: 7 }, (_, index) => `/api/v1/media/img-${String(index)}`),
    });
    const { user } = renderShare(many);

    await user.click(screen.getByRole('button', { name: 'Share' }));

    await waitFor(() => {
      expect(share).toHaveBeenCalledOnce();
    });
    const [data] = share.mock.calls[0] ?? [];
    expect(data?.text).toContain(`${origin}/api/v1/media/img-6`);
    // At most 5 files ride along, however many the generation has.
    expect(data?.files?.map((file) => file.name)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `${many.type}-${many.generationId}-image-${String(n)}.jpg`),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does nothing more when the user cancels the share sheet', async () => {
    const share = stubShareSheet(() => Promise.reject(new DOMException('Canceled', 'AbortError')));
    const { user } = renderShare(item);

    await user.click(screen.getByRole('button', { name: 'Share' }));

    await waitFor(() => {
      expect(share).toHaveBeenCalledOnce();
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('falls back to the dialog when the share sheet fails', async () => {
    stubShareSheet(() => Promise.reject(new DOMException('No activation', 'NotAllowedError')));
    const { user } = renderShare(item);

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(await screen.findByRole('dialog', { name: 'Share generation' })).toBeInTheDocument();
  });
});
